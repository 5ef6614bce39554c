import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/build-test-app';
import type { Database } from '../../db/client';
import { MEMBER_PREFIX } from '../instances/members';
import { createInvalidationBus, INVALIDATION_CHANNEL, type InvalidationBus } from './bus';
import { payloadsOf } from './bus-publish';
import { createResponseCache, type ResponseCache } from './cache';

let database: Database & { url?: string };
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database?.close());

/** Polls `read` until `ok` holds; fails with the last value after `withinMs`. Answers the time it took. */
async function until<T>(read: () => T, ok: (value: T) => boolean, withinMs = 5_000): Promise<number> {
  const started = performance.now();
  for (;;) {
    const value = read();
    if (ok(value)) return performance.now() - started;
    if (performance.now() - started > withinMs)
      throw new Error(`still ${JSON.stringify(value)} after ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const isTag = (payload: string) => !payload.startsWith('hello:') && !payload.startsWith('bye:');

describe('publishing after a commit', () => {
  it('drops the tags here at once, and sends what comes while one notification is in flight in one next notification', async () => {
    const heard: string[] = [];
    const listener = database.listen(INVALIDATION_CHANNEL, {
      onMessage: (p) => heard.push(p),
      onState: () => {},
    });
    await listener.ready;
    const bus = createInvalidationBus();
    const cache = createResponseCache();
    bus.register(cache);
    await bus.start(database);
    // Another instance on the database.
    const other = createInvalidationBus();
    await other.start(database);
    try {
      cache.set('page', 'old', { tags: ['product:b'], startedAt: cache.begin() });
      const first = bus.publish(['product:a']);
      // These arrive while the first is being sent: they wait for it and then go out together.
      const merged = [bus.publish(['product:b', 'orders:x']), bus.publish(['product:b', 'product:c'])];
      expect(cache.get('page')).toBeUndefined();
      await Promise.all([first, ...merged]);
      await until(
        () => heard.filter(isTag),
        (tags) => tags.length >= 2,
      );
      expect(heard.filter(isTag)).toEqual(['product:a', 'product:b,orders:x,product:c']);
    } finally {
      await bus.close();
      await other.close();
      await listener.close();
    }
  });

  it('splits tags that do not fit one notification, never dropping to "everything"', () => {
    const tags = Array.from({ length: 400 }, (_, i) => `product:${randomUUID().slice(0, 30)}${i}`);
    const payloads = payloadsOf(tags);
    expect(payloads.length).toBeGreaterThan(1);
    for (const p of payloads) expect(p.length).toBeLessThanOrEqual(7000);
    expect(payloads.join(',').split(',')).toEqual(tags);
  });
});

describe('waiting for what the database says', () => {
  it('sync resolves once this process has handled every notification committed before it, widened as configured', async () => {
    const bus = createInvalidationBus({
      expandTags: (tags) =>
        tags.flatMap((t) => (t.startsWith('word:') ? [t, `prefix:${t.slice(5, 6)}`] : [t])),
    });
    const caches = Array.from({ length: 20 }, () => createResponseCache());
    for (const cache of caches) bus.register(cache);
    await bus.start(database);
    try {
      for (let i = 0; i < caches.length; i++) {
        const cache = caches[i]!;
        cache.set('answer', 'old', { tags: ['prefix:p'], startedAt: cache.begin() });
        // A write committed elsewhere (a trigger's notification), then this process syncs: it has heard it.
        await database.db.execute(sql`select pg_notify(${INVALIDATION_CHANNEL}, ${`word:pallet${i}`})`);
        await bus.sync();
        expect(cache.get('answer'), `write ${i}`).toBeUndefined();
      }
    } finally {
      await bus.close();
    }
    // Caches off (closed): nothing is served from memory, nothing to wait for.
    await bus.sync();
  });
});

describe('failures the others would pay for', () => {
  it('warns, naming what failed, when its hello or its bye cannot be sent', async () => {
    const warned: Array<{ msg: string; err: unknown }> = [];
    const bus = createInvalidationBus({ warn: (msg, err) => warned.push({ msg, err }) });
    const down = new Error('Connection terminated unexpectedly');
    // A database that accepts LISTEN but whose pool fails every statement (a restart in between).
    const failing = {
      kind: 'postgres' as const,
      memberName: 'bulkwise-api-test-member',
      db: { execute: () => Promise.reject(down) } as unknown as Database['db'],
      listen: () => ({ ready: Promise.resolve(), close: async () => {} }),
    };
    await bus.start(failing);
    expect(warned).toEqual([
      {
        msg: expect.stringMatching(/could not announce this API instance \(bulkwise-api-test-member\)/),
        err: down,
      },
    ]);
    await bus.close();
    expect(warned[1]).toEqual({ msg: expect.stringMatching(/could not say bye/), err: down });
  });
});

describe('API instances leaving the database', () => {
  /** A started bus checking the members every 50 ms, with one cache registered; closed after `run`. */
  async function withWatchingBus(run: (bus: InvalidationBus, cache: ResponseCache) => Promise<void>) {
    const bus = createInvalidationBus({ membersEveryMs: 50 });
    const cache = createResponseCache();
    bus.register(cache);
    await bus.start(database);
    try {
      await run(bus, cache);
    } finally {
      await bus.close();
    }
  }

  /** A stand-in API process: a session named like one, which says hello as the bus does on start. */
  async function member() {
    const name = `${MEMBER_PREFIX}${randomUUID()}`;
    const client = new pg.Client({ connectionString: database.url, application_name: name });
    client.on('error', () => {});
    await client.connect();
    await client.query('select pg_notify($1, $2)', [INVALIDATION_CHANNEL, `hello:${name}`]);
    return { name, client };
  }

  it('one that says bye first costs nobody their cache; one that vanishes without it empties every cache', async () => {
    await withWatchingBus(async (bus, cache) => {
      expect(bus.members()).toContain(database.memberName);
      const polite = await member();
      await until(() => bus.members()?.has(polite.name), Boolean);
      cache.set('page', 'kept', { tags: ['product:p'], startedAt: cache.begin() });
      await polite.client.query('select pg_notify($1, $2)', [INVALIDATION_CHANNEL, `bye:${polite.name}`]);
      await polite.client.end();
      await until(
        () => bus.members()?.has(polite.name),
        (known) => known === false,
      );
      expect(cache.get('page')?.body).toBe('kept');

      const crashing = await member();
      await until(() => bus.members()?.has(crashing.name), Boolean);
      // Its sockets close as when the process is killed: no bye, and whatever it committed last may
      // never have been announced.
      (
        crashing.client as unknown as { connection: { stream: { destroy(): void } } }
      ).connection.stream.destroy();
      const took = await until(
        () => cache.get('page'),
        (entry) => entry === undefined,
        2_000,
      );
      expect(bus.members()?.has(crashing.name)).toBe(false);
      expect(took).toBeLessThan(2_000);
    });
  });

  it('a script that opens the API database handle and closes it (no hello) costs nobody their cache', async () => {
    await withWatchingBus(async (bus, cache) => {
      cache.set('page', 'kept', { tags: ['product:p'], startedAt: cache.begin() });
      // As openPostgres names every session of a handle: a seed or bench script, a migration run.
      const name = `${MEMBER_PREFIX}${randomUUID()}`;
      const script = new pg.Client({ connectionString: database.url, application_name: name });
      script.on('error', () => {});
      await script.connect();
      const checksBefore = bus.checks();
      await until(
        () => bus.checks(),
        (n) => n >= checksBefore + 2,
      );
      (script as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
      await until(
        () => bus.checks(),
        (n) => n >= checksBefore + 5,
      );
      expect(bus.members()?.has(name)).toBe(false);
      expect(cache.get('page')?.body).toBe('kept');
    });
  });
});
