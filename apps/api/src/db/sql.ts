import { and, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client';

/** The rows of a raw query (`db.execute`), typed by the caller: the columns it selects, as the driver gives them. */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

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

/** How many rows of `table` satisfying `where` were stamped (`at`) after `since`: a rate limit's window. */
export const countSince = (db: Db, table: PgTable, where: SQL, at: PgColumn, since: Date) =>
  countWhere(db, table, and(where, sql`${at} > ${ts(since)}`));

/** The first row of `table` satisfying `where` (a lookup by key), locked for the transaction if asked. */
export async function firstWhere<T extends PgTable>(
  db: Db,
  table: T,
  where: SQL | undefined,
  options: { lock?: boolean } = {},
): Promise<T['$inferSelect'] | undefined> {
  const query = db
    .select()
    .from(table as PgTable)
    .where(where);
  const [row] = options.lock ? await query.for('update') : await query;
  return row as T['$inferSelect'] | undefined;
}
