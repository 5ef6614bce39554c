import { describe, expect, it } from 'vitest';
import { createSearchCache } from './search.cache';

describe('createSearchCache', () => {
  it('keeps first pages when many later pages come and go', () => {
    const cache = createSearchCache();
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
