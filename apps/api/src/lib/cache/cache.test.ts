import { describe, expect, it } from 'vitest';
import { createInvalidationBus } from './bus';
import { createResponseCache } from './cache';

describe('response cache', () => {
  it('drops exactly the entries read from an invalidated row, and the ones that depend on every row', () => {
    const cache = createResponseCache();
    const put = (key: string, tags: string[]) => cache.set(key, `{"k":"${key}"}`, { tags, startedAt: cache.begin() });
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
    const cache = createResponseCache({ maxBytes: 300 });
    const put = (key: string, tags: string[]) => cache.set(key, `{"k":"${key}"}`.padEnd(60), { tags, startedAt: cache.begin() });
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

  it('evicts the oldest entries past its byte budget and gives equal bodies equal ETags', () => {
    const cache = createResponseCache({ maxBytes: 100 });
    for (let i = 0; i < 10; i++) cache.set(`k${i}`, 'x'.repeat(20), { tags: [], startedAt: cache.begin() });
    expect(cache.stats().bytes).toBeLessThanOrEqual(100);
    expect(cache.get('k0')).toBeUndefined();
    expect(cache.get('k9')?.etag).toBe(cache.get('k8')?.etag);
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
