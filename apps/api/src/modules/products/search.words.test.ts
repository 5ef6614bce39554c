import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/build-test-app';
import type { Db } from '../../db/client';
import type { ResponseCache } from '../../lib/cache/cache';
import { productTag, stockTag } from './products.cache';
import { ALL_TEXT, expandWordTags } from './search.tags';
import { createSearchWords } from './search.words';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database?.close());

describe('search word lists', () => {
  it('are read once per word and dropped only by a change of a word one letter from it or starting with it', async () => {
    let queries = 0;
    const counting = new Proxy(database.db, {
      get(target, prop, receiver) {
        if (prop === 'execute')
          return (...args: unknown[]) => (
            queries++,
            (target.execute as (...a: unknown[]) => unknown)(...args)
          );
        return Reflect.get(target, prop, receiver);
      },
    }) as Db;
    let cache: ResponseCache | undefined;
    const words = createSearchWords(counting, { bus: { register: (c) => void (cache = c) } });
    await words.neighbours(['pallet', 'carton']);
    await words.neighbours(['pallet', 'carton']);
    expect(queries).toBe(1);
    // A purchase (stock), a price edit (product): the catalog's words are the same.
    cache!.invalidate([stockTag('p1')]);
    cache!.invalidate([productTag('p1')]);
    await words.neighbours(['pallet']);
    expect(queries).toBe(1);
    // Words a search for "pallet" cannot reach: other words, a word two letters away, a word it is inside.
    const changed = (...list: string[]) => cache!.invalidate(expandWordTags(list.map((w) => `word:${w}`)));
    changed('carton', 'pellot', 'mypallet');
    await words.neighbours(['pallet']);
    expect(queries).toBe(1);
    // Each of these may change its lists: the word itself, a typo of it, a longer word it starts.
    let read = 1;
    for (const word of ['pallet', 'palet', 'palllet', 'pallat', 'palletised']) {
      changed(word);
      await words.neighbours(['pallet']);
      expect(queries, word).toBe(++read);
    }
    // What the trigger sends when it cannot list the words.
    cache!.invalidate([ALL_TEXT]);
    await words.neighbours(['pallet']);
    expect(queries).toBe(++read);
  });
});
