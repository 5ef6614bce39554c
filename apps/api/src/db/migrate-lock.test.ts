import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/build-test-app';
import { migratePostgres, type Database } from './client';

describe('the migration lock', () => {
  let database: Database & { url?: string };
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database?.close());

  it('logs, with the error, when it cannot be released because the connection broke', async () => {
    const url = database.url!;
    // Another process is migrating: ours waits for the lock, and its connection is then cut.
    const holder = new pg.Client({ connectionString: url });
    holder.on('error', () => {});
    await holder.connect();
    await holder.query('select pg_advisory_lock(7263001)');
    const logged: Array<{ msg: string; err: unknown }> = [];
    const migrating = migratePostgres(url, (msg, err) => logged.push({ msg, err })).then(
      () => 'migrated',
      (err: unknown) => err,
    );
    let terminated = 0;
    for (let i = 0; i < 500 && terminated === 0; i++) {
      const { rows } = await holder.query<{ n: number }>(
        `select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
         where datname = current_database() and pid <> pg_backend_pid() and query like '%pg_advisory_lock(7263001)%'`,
      );
      terminated = rows[0]!.n;
      if (terminated === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(terminated).toBe(1);
    expect(await migrating).toBeInstanceOf(Error);
    await holder.end();
    expect(logged).toEqual([{ msg: 'could not release the migration lock', err: expect.any(Error) }]);
  });
});
