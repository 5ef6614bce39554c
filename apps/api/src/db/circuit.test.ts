import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProxy, type TcpProxy } from '../../../../scripts/lib/tcp-proxy.mjs';
import { createTestDatabase } from '../../test/build-test-app';
import { DatabaseUnreachableError } from './circuit';
import { openPostgres, type Database } from './client';
import { isDatabaseUnavailable } from './errors';

/** Drizzle wraps the driver's error in its own. */
const isUnreachable = (err: unknown) =>
  err instanceof DatabaseUnreachableError ||
  (err as { cause?: unknown }).cause instanceof DatabaseUnreachableError;

describe('the database circuit (a network partition between the API and PostgreSQL)', () => {
  let target: Database & { url: string };
  let proxy: TcpProxy;
  let database: Database;
  let logged: string[];

  beforeAll(async () => {
    target = await createTestDatabase();
    const url = new URL(target.url);
    proxy = await startProxy({ host: url.hostname, port: Number(url.port || 5432) });
    url.host = `127.0.0.1:${proxy.port}`;
    logged = [];
    database = await openPostgres({
      url: url.toString(),
      poolSize: 4,
      migrate: false,
      log: (msg) => logged.push(msg),
      // A query goes unanswered long before a connection attempt or a wait for the pool gives up.
      timeouts: { connectionTimeoutMillis: 10_000, query_timeout: 300 },
    });
  });
  afterAll(async () => {
    await database?.close();
    await proxy?.close();
    await target?.close();
  });

  it('fails every waiting and every new query at once after the first goes unanswered, and closes when the database answers', async () => {
    await database.ping();
    proxy.cut('blackhole');
    // Four connections hang in the partition and four more queries wait behind them for the pool.
    const hung = Array.from({ length: 8 }, () =>
      database.db.execute(sql`select pg_sleep(0)`).then(
        () => 'ok',
        (e) => e,
      ),
    );
    const outcomes = await Promise.all(hung);
    expect(outcomes.every((e) => isDatabaseUnavailable(e))).toBe(true);
    // The four queued for the pool did not wait out a connection of their own: the circuit failed them.
    expect(outcomes.filter(isUnreachable).length).toBeGreaterThanOrEqual(4);
    expect(logged).toContain('database unreachable: failing requests at once until it answers again');

    // While it is open, a query never reaches the network.
    const refused = await database.db.execute(sql`select 1`).then(
      () => 'ok',
      (e) => e,
    );
    expect(isUnreachable(refused)).toBe(true);

    proxy.restore();
    let answered = false;
    for (let i = 0; i < 200 && !answered; i++) {
      answered = await database.ping().then(
        () => true,
        () => false,
      );
      if (!answered) await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(answered).toBe(true);
    expect(logged).toContain('database answers again');
    const result = (await database.db.execute(sql`select 41 + 1 as n`)) as unknown as {
      rows: Array<{ n: number }>;
    };
    expect(result.rows[0]!.n).toBe(42);
  });
});
