import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/build-test-app';
import type { Db } from '../../db/client';
import type { ResponseCache } from '../../lib/cache/cache';
import { productTag, stockTag, textTag } from './products.cache';
import { createSearchWords } from './search.words';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database?.close());

describe('search word lists', () => {
  it('are read once per word and dropped only by a change of some product text', async () => {
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
    // A rename: the words may not be.
    cache!.invalidate([textTag('p1')]);
    await words.neighbours(['pallet']);
    expect(queries).toBe(2);
  });
});
