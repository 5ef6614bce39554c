import { sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client';

/** A clock's Date as a `timestamptz` parameter, sent as ISO text. */
export const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/** How many rows of `table` satisfy `where` (a limit's count: requests, messages). */
export async function countWhere(db: Db, table: PgTable, where: SQL | undefined): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(table)
    .where(where);
  return row?.n ?? 0;
}
