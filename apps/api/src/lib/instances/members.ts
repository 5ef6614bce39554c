import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/**
 * Every PostgreSQL session of an API process (its pool and its listeners) carries the same
 * `application_name`, `bulkwise-api/<random>`, one per opened database handle. The set of names in
 * `pg_stat_activity` is the set of API processes that may still commit: a process that dies (even with
 * `kill -9`) leaves it when its last session ends, which PostgreSQL sees as soon as the sockets close,
 * and a session still running a COMMIT ends only after that COMMIT.
 */
export const MEMBER_PREFIX = 'bulkwise-api/';

export const newMemberName = () => `${MEMBER_PREFIX}${randomUUID()}`;

/** The member names with at least one session on this database right now. */
export async function liveMembers(db: Db): Promise<Set<string>> {
  const result = await db.execute(
    sql`select distinct application_name as name from pg_stat_activity
        where datname = current_database() and starts_with(application_name, ${MEMBER_PREFIX})`,
  );
  return new Set((result as unknown as { rows: Array<{ name: string }> }).rows.map((r) => r.name));
}
