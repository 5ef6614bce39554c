import { describe, expect, it } from 'vitest';
import { createPageCache } from './products.page-cache';

const page = (body: string) => ({ body, total: 1, nextCursor: null });

describe('page cache', () => {
  it('answers a page until it is ttlMs old', () => {
    let now = 1_000;
    const cache = createPageCache({ ttlMs: 1_000, now: () => now });
    cache.set('a', page('[1]'), cache.generation());
    now += 999;
    expect(cache.get('a')?.body).toBe('[1]');
    now += 1;
    expect(cache.get('a')).toBeUndefined();
  });

  it('forgets every page on a write, and never keeps a page read before that write', () => {
    const cache = createPageCache();
    cache.set('a', page('[1]'), cache.generation());
    const startedBeforeWrite = cache.generation();
    cache.invalidate();
    expect(cache.get('a')).toBeUndefined();
    cache.set('b', page('[2]'), startedBeforeWrite);
    expect(cache.get('b')).toBeUndefined();
    cache.set('b', page('[3]'), cache.generation());
    expect(cache.get('b')?.body).toBe('[3]');
  });

  it('stays under maxBytes by dropping the oldest pages, and keeps no page over a quarter of it', () => {
    const cache = createPageCache({ maxBytes: 40 });
    const g = cache.generation();
    cache.set('a', page('x'.repeat(10)), g);
    cache.set('b', page('y'.repeat(10)), g);
    cache.set('c', page('z'.repeat(10)), g);
    cache.set('d', page('w'.repeat(10)), g);
    cache.set('e', page('v'.repeat(10)), g);
    expect(cache.get('a')).toBeUndefined();
    expect(['b', 'c', 'd', 'e'].map((k) => cache.get(k)?.body.length)).toEqual([10, 10, 10, 10]);
    cache.set('big', page('q'.repeat(11)), g);
    expect(cache.get('big')).toBeUndefined();
  });
});
