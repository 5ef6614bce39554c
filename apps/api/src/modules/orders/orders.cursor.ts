import { AppError } from '../../errors';
import { isUuid } from '../../ids';
import type { OrderCursor } from './orders.repository';

export const encodeOrderCursor = (row: { purchasedAt: Date; id: string }) =>
  Buffer.from(JSON.stringify([row.purchasedAt.toISOString(), row.id])).toString('base64url');

/** Accepts exactly the form encodeOrderCursor writes, so PostgreSQL never sees a value it cannot read. */
export function decodeOrderCursor(raw: string): OrderCursor {
  const invalid = new AppError('VALIDATION_FAILED', 'Invalid cursor: cursor is not valid for this query', {
    cursor: 'Cursor is not valid for this query',
  });
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw invalid;
  }
  if (!Array.isArray(parsed) || parsed.length !== 2) throw invalid;
  const [at, id] = parsed as unknown[];
  if (typeof at !== 'string' || typeof id !== 'string' || !isUuid(id)) throw invalid;
  const date = new Date(at);
  if (Number.isNaN(date.getTime()) || date.toISOString() !== at) throw invalid;
  return { at, id };
}
