import { decodeCursor, encodeCursor, invalidCursor } from '../../lib/paging/cursor';
import type { OrderCursor } from './orders.repository';

export const encodeOrderCursor = (row: { purchasedAt: Date; id: string }) =>
  encodeCursor([row.purchasedAt.toISOString(), row.id]);

/** Accepts exactly the form encodeOrderCursor writes, so PostgreSQL never sees a value it cannot read. */
export function decodeOrderCursor(raw: string): OrderCursor {
  const [at, id] = decodeCursor(raw, 2) as [string, string];
  const date = new Date(at);
  if (Number.isNaN(date.getTime()) || date.toISOString() !== at) throw invalidCursor();
  return { at, id };
}
