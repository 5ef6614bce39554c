import { describe, expect, it } from 'vitest';
import { createSearchCache } from './search.cache';

describe('createSearchCache', () => {
  it('keeps first pages when many later pages come and go', () => {
    // 4 MiB for first pages, 2 MiB for later ones.
    const cache = createSearchCache(undefined, { bytes: 6 * 2 ** 20 });
    const first = cache.keep('first', cache.begin(), '[{"name":"pallet"}]', { 'x-total-count': '1' });
    expect(cache.get('first')).toBe(first);
    // 40 later pages of 200 KB: 8 MB, twice the first pages' room, as made-up cursors could send.
    const big = `[${'"x",'.repeat(50_000)}"x"]`;
    for (let i = 0; i < 40; i++)
      cache.keep(`later-${i}`, cache.begin(true), big, undefined, { laterPage: true });
    expect(cache.get('first')).toBe(first);
    expect(cache.get('later-39', true)?.body).toBe(big);
    expect(cache.get('later-0', true)).toBeUndefined();
  });

  it('keeps the first pages of 500 searches of 24 results by default', () => {
    const cache = createSearchCache();
    // A page of 24 products as the API serialises them (about 650 characters each), tagged like one.
    const page = (i: number) =>
      JSON.stringify(Array.from({ length: 24 }, (_, n) => ({ _id: `${i}-${n}`, name: 'x'.repeat(600) })));
    const tags = (i: number) => Array.from({ length: 60 }, (_, n) => `word:term${i}-${n}`);
    for (let i = 0; i < 500; i++) cache.keep(`q${i}`, cache.begin(), page(i), undefined, { tags: tags(i) });
    const kept = Array.from({ length: 500 }, (_, i) => cache.get(`q${i}`)).filter(Boolean);
    expect(kept).toHaveLength(500);
  });

  it('sends an answer read from an older generation without keeping it', () => {
    const cache = createSearchCache();
    const startedAt = cache.begin();
    cache.keep('a', startedAt, '[1]');
    const stale = cache.keep('b', startedAt - 1, '[2]', { 'x-total-count': '1' });
    expect(stale).toMatchObject({ body: '[2]', headers: { 'x-total-count': '1' }, transient: true });
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')?.body).toBe('[1]');
  });
});
