import { randomBytes } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createInvalidationBus } from './bus';
import { ENTRY_OVERHEAD_BYTES, createResponseCache, uncached, type CachedResponse } from './cache';
import { TAG_OVERHEAD_BYTES } from './entries';
import { sendJson } from './http';

/**
 * Sends `entry` as the routes do, to a client that accepts `encoding`: the copies it makes are kept.
 * Returns what went out: the content-encoding header and the body.
 */
function serve(entry: CachedResponse, encoding: string) {
  const req = { headers: { 'accept-encoding': encoding } } as unknown as FastifyRequest;
  const sent: { encoding?: string; body?: unknown } = {};
  const reply = {
    header: (name: string, value: string) => {
      if (name === 'content-encoding') sent.encoding = value;
      return reply;
    },
    code: () => reply,
    type: () => reply,
    send: (body: unknown) => {
      sent.body = body;
      return reply;
    },
  } as unknown as FastifyReply;
  sendJson(req, reply, entry);
  return sent;
}
/** What a kept entry costs: its body, its compressed copies and the entry's own objects. */
const keptBytes = (entry: CachedResponse) =>
  ENTRY_OVERHEAD_BYTES +
  entry.body.length +
  Object.values(entry.encoded ?? {}).reduce((sum, copy) => sum + (copy?.byteLength ?? 0), 0);

describe('response cache', () => {
  it('drops exactly the entries read from an invalidated row, and the ones that depend on every row', () => {
    const cache = createResponseCache();
    const put = (key: string, tags: string[]) =>
      cache.set(key, `{"k":"${key}"}`, { tags, startedAt: cache.begin() });
    put('a', ['product:a']);
    put('b', ['product:b']);
    put('page', ['product:*']);
    put('other', ['order:1']);
    cache.invalidate(['product:a']);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('page')).toBeUndefined();
    expect(cache.get('b')?.body).toBe('{"k":"b"}');
    expect(cache.get('other')).toBeDefined();
    cache.invalidate(['*']);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('other')).toBeUndefined();
  });

  it('keeps a tag shared by several entries through evictions and re-sets, and drops all of them with it', () => {
    const cache = createResponseCache({ maxBytes: 300, entryOverhead: 0 });
    const put = (key: string, tags: string[]) =>
      cache.set(key, `{"k":"${key}"}`.padEnd(60), { tags, startedAt: cache.begin() });
    put('one', ['category:c', 'product:1']);
    put('two', ['category:c']);
    put('one', ['category:c', 'product:1']);
    put('three', ['category:c']);
    for (let i = 0; i < 3; i++) put(`filler${i}`, []);
    // 'two' was evicted as the oldest; the others still share the tag.
    expect(cache.get('two')).toBeUndefined();
    cache.invalidate(['product:1']);
    expect(cache.get('one')).toBeUndefined();
    expect(cache.get('three')).toBeDefined();
    put('four', ['category:c']);
    cache.invalidate(['category:c']);
    expect(cache.get('three')).toBeUndefined();
    expect(cache.get('four')).toBeUndefined();
    expect(cache.get('filler0')).toBeDefined();
  });

  it('refuses a body read before an invalidation that happened while it was being read', () => {
    const cache = createResponseCache();
    const startedAt = cache.begin();
    cache.invalidate(['product:x']);
    expect(cache.set('x', '{"old":true}', { tags: ['product:x'], startedAt })).toBeUndefined();
    expect(cache.get('x')).toBeUndefined();
  });

  it('keeps a body read while other rows were written, and refuses one whose own rows were', () => {
    const cache = createResponseCache();
    const startedAt = cache.begin();
    // Purchases of other products while the page of x and a listing were read.
    cache.invalidate(['stock:y']);
    cache.invalidate(['stock:z', 'orders:seller']);
    expect(cache.set('x', '{"x":1}', { tags: ['product:x', 'stock:x'], startedAt })).toBeDefined();
    expect(cache.set('list', '[]', { tags: ['product:*', 'stock:x'], startedAt })).toBeDefined();
    // A write to a row a listing depends on (any product), to x's stock, or to everything.
    cache.invalidate(['product:w']);
    expect(cache.set('list2', '[]', { tags: ['product:*'], startedAt })).toBeUndefined();
    expect(cache.set('x2', '{"x":1}', { tags: ['product:x2'], startedAt })).toBeDefined();
    const later = cache.begin();
    cache.invalidate(['stock:x']);
    expect(cache.get('x')).toBeUndefined();
    expect(cache.set('x', '{"x":1}', { tags: ['product:x', 'stock:x'], startedAt: later })).toBeUndefined();
    const beforeAll = cache.begin();
    cache.setEnabled(true);
    expect(cache.set('y', '{"y":1}', { tags: ['product:y'], startedAt: beforeAll })).toBeUndefined();
  });

  it('refuses a body read before more invalidations than it remembers', () => {
    const cache = createResponseCache();
    const startedAt = cache.begin();
    for (let i = 0; i < 3_000; i++) cache.invalidate([`stock:other${i}`]);
    expect(cache.set('x', '{"x":1}', { tags: ['product:x'], startedAt })).toBeUndefined();
    const recent = cache.begin();
    for (let i = 0; i < 1_000; i++) cache.invalidate([`stock:other${i}`]);
    expect(cache.set('x', '{"x":1}', { tags: ['product:x'], startedAt: recent })).toBeDefined();
  });

  it('evicts the oldest entries past its byte budget and gives equal bodies equal ETags', () => {
    const cache = createResponseCache({ maxBytes: 100, entryOverhead: 0 });
    for (let i = 0; i < 10; i++) cache.set(`k${i}`, 'x'.repeat(20), { tags: [], startedAt: cache.begin() });
    expect(cache.stats().bytes).toBeLessThanOrEqual(100);
    expect(cache.get('k0')).toBeUndefined();
    expect(cache.get('k9')?.etag).toBe(cache.get('k8')?.etag);
  });
});

describe('response cache encodings', () => {
  const decode = { br: brotliDecompressSync, gzip: gunzipSync } as const;

  it('sends a kept or a one-answer body in the encoding the client takes, and the bytes decode to the body', () => {
    // Multi-byte characters: the Brotli window is sized by bytes, not characters.
    const body = JSON.stringify({
      names: Array.from({ length: 300 }, (_, i) => `Müller Großhandel ${i} 📦`),
    });
    const cache = createResponseCache();
    const kept = cache.set('k', body, { tags: [], startedAt: cache.begin() })!;
    for (const entry of [kept, uncached(body)]) {
      for (const encoding of ['br', 'gzip'] as const) {
        const sent = serve(entry, `${encoding === 'br' ? 'gzip, ' : ''}${encoding}`);
        expect(sent.encoding).toBe(encoding);
        expect(decode[encoding](sent.body as Buffer).toString('utf8')).toBe(body);
      }
      const plain = serve(entry, 'identity');
      expect(plain.encoding).toBeUndefined();
      expect(Buffer.from(plain.body as string | Buffer).toString('utf8')).toBe(body);
    }
    // The kept entry keeps its copies; the one-answer body keeps none.
    expect(Object.keys(kept.encoded ?? {}).sort()).toEqual(['br', 'gzip', 'identity']);
  });
});

describe('response cache memory and loads', () => {
  it('counts every byte it keeps, compressed copies and the entries themselves included, and keeps nothing above its limit', () => {
    const cache = createResponseCache({ maxBytes: 40_000 });
    const keys: string[] = [];
    for (let i = 0; i < 60; i++) {
      // Half random (compresses little), so each body's copies weigh about as much as the body.
      const body = JSON.stringify({
        i,
        noise: randomBytes(700).toString('base64'),
        text: 'pallet '.repeat(100),
      });
      const entry = cache.set(`k${i}`, body, { tags: [`product:${i}`], startedAt: cache.begin() })!;
      keys.push(`k${i}`);
      serve(entry, 'br');
      serve(entry, 'gzip');
      serve(entry, 'identity');
    }
    const keptNow = () => keys.map((k) => cache.get(k)).filter((e): e is CachedResponse => e !== undefined);
    const kept = keptNow();
    expect(kept.length).toBeGreaterThan(5);
    expect(kept.length).toBeLessThan(60);
    expect(kept.every((e) => e.encoded?.br && e.encoded.gzip && e.encoded.identity)).toBe(true);
    const { bytes, maxBytes } = cache.stats();
    expect(bytes).toBe(kept.reduce((sum, e) => sum + keptBytes(e), 0));
    expect(bytes).toBeLessThanOrEqual(maxBytes);
    // A copy made for an entry that is gone meanwhile is not counted.
    const gone = cache.set('gone', 'x'.repeat(2_000), { tags: ['product:gone'], startedAt: cache.begin() })!;
    cache.invalidate(['product:gone']);
    serve(gone, 'br');
    expect(cache.stats().bytes).toBe(keptNow().reduce((sum, e) => sum + keptBytes(e), 0));
  });

  it('counts the tags of a page that names many products, so a limit full of listing pages holds', () => {
    const body = JSON.stringify({ page: 'x'.repeat(2_000) });
    const tagsOf = (i: number, n: number) => Array.from({ length: n }, (_, t) => `product:${i}-${t}`);
    const fill = (tagsPerEntry: number) => {
      const cache = createResponseCache({ maxBytes: 200_000 });
      for (let i = 0; i < 200; i++)
        cache.set(`k${i}`, body, { tags: tagsOf(i, tagsPerEntry), startedAt: cache.begin() });
      return cache.stats();
    };
    const productPage = fill(2);
    const listingPage = fill(50);
    // A product page's two tags are in the entry's overhead; each further one costs its bytes.
    const extra = tagsOf(199, 50)
      .slice(2)
      .reduce((sum, tag) => sum + TAG_OVERHEAD_BYTES + tag.length, 0);
    expect(productPage.bytes).toBe(productPage.entries * (body.length + ENTRY_OVERHEAD_BYTES));
    expect(listingPage.entries).toBeLessThan(productPage.entries);
    expect(listingPage.bytes).toBeLessThanOrEqual(listingPage.maxBytes);
    expect(listingPage.bytes).toBeGreaterThanOrEqual(
      listingPage.entries * (body.length + ENTRY_OVERHEAD_BYTES + extra),
    );
  });

  it('evicts the least recently used entry, not the oldest one', () => {
    const cache = createResponseCache({ maxBytes: 100, entryOverhead: 0 });
    const put = (key: string) => cache.set(key, 'x'.repeat(25), { tags: [], startedAt: cache.begin() });
    put('a');
    put('b');
    put('c');
    put('d');
    expect(cache.get('a')).toBeDefined();
    put('e');
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('e')).toBeDefined();
  });

  it('runs one load for concurrent misses of a key, and a new one for a miss after an invalidation', async () => {
    const cache = createResponseCache();
    let loads = 0;
    let release: () => void = () => {};
    const read = (value: string) => async () => {
      loads++;
      await new Promise<void>((resolve) => (release = resolve));
      return { body: value, tags: ['product:p'] };
    };
    const burst = Array.from({ length: 20 }, () => cache.fill('p', read('old')));
    expect(loads).toBe(1);
    // A write lands while the first load is still reading: a request after it must not share that load.
    cache.invalidate(['product:p']);
    const first = release;
    const after = cache.fill('p', read('new'));
    expect(loads).toBe(2);
    first();
    expect(new Set((await Promise.all(burst)).map((e) => e.body))).toEqual(new Set(['old']));
    release();
    expect((await after).body).toBe('new');
    // The load that began before the write was not kept; the one after it was, and now answers alone.
    expect((await cache.fill('p', read('unused'))).body).toBe('new');
    expect(loads).toBe(2);
  });

  it('keeps an answer by the clock only within its window, and re-reads a shared load the clock has passed', async () => {
    let now = 1_000;
    const cache = createResponseCache({ now: () => now });
    let loads = 0;
    const read = (until: number) => async () => {
      loads++;
      return { body: `read at ${now}`, tags: ['quotes:q'], valid: { from: now, until } };
    };
    expect((await cache.fill('list', read(2_000))).body).toBe('read at 1000');
    now = 1_999;
    expect((await cache.fill('list', read(3_000))).body).toBe('read at 1000');
    now = 2_000;
    expect((await cache.fill('list', read(3_000))).body).toBe('read at 2000');
    // A clock set back before the answer was read (a test clock) does not get it either.
    now = 1_500;
    expect((await cache.fill('list', read(3_000))).body).toBe('read at 1500');
    expect(loads).toBe(3);

    // A request that joins a load still running, whose answer the clock passes before it arrives.
    cache.invalidate(['quotes:q']);
    let release: () => void = () => {};
    const slow = cache.fill('list', async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return { body: 'read at 1500', tags: ['quotes:q'], valid: { from: 1_500, until: 1_600 } };
    });
    const joined = cache.fill('list', read(9_000));
    now = 1_600;
    release();
    expect((await slow).body).toBe('read at 1500');
    expect((await joined).body).toBe('read at 1600');
  });
});

describe('invalidation bus', () => {
  function fakeDatabase() {
    let handlers: { onMessage(p: string): void; onState(up: boolean): void } | undefined;
    return {
      listen: (_channel: string, h: NonNullable<typeof handlers>) => {
        handlers = h;
        return { ready: Promise.resolve(h.onState(true)), close: async () => {} };
      },
      notify: (payload: string) => handlers!.onMessage(payload),
      state: (up: boolean) => handlers!.onState(up),
    };
  }

  it('applies notifications from other processes, and serves nothing from memory while disconnected', async () => {
    const database = fakeDatabase();
    const bus = createInvalidationBus();
    const cache = createResponseCache();
    bus.register(cache);
    expect(cache.set('k', '1', { tags: ['product:k'], startedAt: cache.begin() })).toBeUndefined();
    await bus.start(database);
    cache.set('k', '1', { tags: ['product:k'], startedAt: cache.begin() });
    database.notify('product:z,product:k');
    expect(cache.get('k')).toBeUndefined();

    cache.set('k', '2', { tags: ['product:k'], startedAt: cache.begin() });
    database.state(false);
    expect(cache.get('k')).toBeUndefined();
    expect(cache.set('k', '3', { tags: ['product:k'], startedAt: cache.begin() })).toBeUndefined();
    database.state(true);
    // Back from an outage it starts empty: whatever changed meanwhile is read again.
    expect(cache.get('k')).toBeUndefined();
    cache.set('k', '4', { tags: ['product:k'], startedAt: cache.begin() });
    expect(cache.get('k')?.body).toBe('4');
    await bus.close();
  });
});
