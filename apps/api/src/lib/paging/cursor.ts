import { AppError } from '../../errors';
import { isUuid } from '../../ids';

/**
 * Keyset-paging cursors: an opaque base64url JSON array of strings ending with the row id. Every list
 * (products, orders) writes and reads them here; each caller then checks its own values so that
 * PostgreSQL never sees a value it cannot read.
 */
export const encodeCursor = (parts: readonly string[]) =>
  Buffer.from(JSON.stringify(parts)).toString('base64url');

export const invalidCursor = () =>
  new AppError('VALIDATION_FAILED', 'Invalid cursor: cursor is not valid for this query', {
    cursor: 'Cursor is not valid for this query',
  });

/** The `length` strings of a cursor, the last one a uuid; a 400 for anything else. */
export function decodeCursor(raw: string, length: number): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  if (!Array.isArray(parsed) || parsed.length !== length) throw invalidCursor();
  if (!parsed.every((p) => typeof p === 'string') || !isUuid(parsed[length - 1] as string))
    throw invalidCursor();
  return parsed as string[];
}
