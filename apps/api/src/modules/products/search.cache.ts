import type { InvalidationBus } from '../../lib/cache/bus';
import { createResponseCache } from '../../lib/cache/cache';
import { ANY_PRODUCT_TAG } from './products.cache';

/** Search answers are small (a page of 24 at most is cached); 4 MiB holds thousands of popular queries. */
const SEARCH_CACHE_BYTES = 4 * 2 ** 20;

/**
 * Search pages and suggestions kept in memory under their normalised query (the lexemes and typo
 * alternatives of the plan, not the raw text: "Pallet!" and "pallet" are one entry) until any product
 * write of any API process drops them through the invalidation bus, like the listing pages.
 */
export function createSearchCache(bus?: Pick<InvalidationBus, 'register'>) {
  const cache = createResponseCache({ maxBytes: SEARCH_CACHE_BYTES });
  bus?.register(cache);
  return {
    /** Call before reading anything the answer depends on (the plan included). */
    begin: () => cache.begin(),
    /** The answer kept under `key`, or `read()`'s, kept unless a write happened since `startedAt`. */
    async read<T>(key: string, startedAt: number, read: () => Promise<T>): Promise<T> {
      const hit = cache.get(key);
      if (hit) return JSON.parse(hit.body) as T;
      const value = await read();
      cache.set(key, JSON.stringify(value), { tags: [ANY_PRODUCT_TAG], startedAt });
      return value;
    },
  };
}
export type SearchCache = ReturnType<typeof createSearchCache>;
