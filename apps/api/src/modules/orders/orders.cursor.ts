import { decodeCursor, encodeCursor, invalidCursor } from '../../lib/paging/cursor';
import type { OrderCursor } from './orders.repository';

/** `purchasedAtCursor` is the exact time as PostgreSQL keeps it (microseconds), not the row's Date. */
export const encodeOrderCursor = (row: { purchasedAtCursor: string; id: string }) =>
  encodeCursor([row.purchasedAtCursor, row.id]);

/**
 * Accepts exactly the forms encodeOrderCursor writes (microseconds; milliseconds before), so PostgreSQL
 * never sees a value it cannot read.
 */
export function decodeOrderCursor(raw: string): OrderCursor {
  const [at, id] = decodeCursor(raw, 2) as [string, string];
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.(\d{3}|\d{6})Z$/.test(at)) throw invalidCursor();
  const date = new Date(at.replace(/(\.\d{3})\d{3}Z$/, '$1Z'));
  // Date normalises impossible dates (Feb 30) instead of refusing them: the round trip catches that.
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 23) !== at.slice(0, 23))
    throw invalidCursor();
  return { at, id };
}
