import type { InvalidationBus } from '../../lib/cache/bus';
import { createResponseCache, type CachedResponse } from '../../lib/cache/cache';
import { uncached } from '../../lib/cache/http';
import { ANY_PRODUCT_TAG } from './products.cache';

/**
 * SEARCH_CACHE_MB's default. A page of 24 results weighs about 21 KB kept (a 14 KB body, the entry, some
 * 60 product and word tags), 27 KB once its compressed copies are made: 24 MiB holds the first pages of
 * 600 to 780 searches and 300 to 390 later pages. bench:scale's long tail (191 catalog words, two typos
 * each, three pages, and their prefixes: about 1,600 URLs) missed most of the time in the 4 + 1 MiB this
 * was before (decision 0005).
 */
export const DEFAULT_SEARCH_CACHE_BYTES = 24 * 2 ** 20;
/**
 * Later pages (a cursor) have their own, smaller room (a third): eviction is by recency, and every cursor
 * is a new key, so deep paging or a stream of made-up cursors would otherwise push out the first pages
 * and suggestions that most requests ask for.
 */
const LATER_PAGES_SHARE = 1 / 3;

/**
 * Search pages and suggestions as the routes send them (body serialised once through the response
 * schema, its ETag and paging headers), kept under their normalised query (the lexemes and typo
 * alternatives of the plan, not the raw text: "Pallet!" and "pallet" are one entry) until a write of
 * any API process changes a word they read or a product they show (search.tags.ts; a filtered or
 * price-ordered search: any product write, like the listing pages). A hit is one lookup and one send:
 * nothing is parsed, serialised or hashed again.
 */
export function createSearchCache(
  bus?: Pick<InvalidationBus, 'register'>,
  { bytes = DEFAULT_SEARCH_CACHE_BYTES }: { bytes?: number } = {},
) {
  const laterBytes = Math.floor(bytes * LATER_PAGES_SHARE);
  const first = createResponseCache({ maxBytes: bytes - laterBytes });
  const later = createResponseCache({ maxBytes: laterBytes });
  bus?.register(first);
  bus?.register(later);
  const room = (laterPage: boolean) => (laterPage ? later : first);
  return {
    /** Call before reading anything the answer depends on (the plan included). */
    begin: (laterPage = false) => room(laterPage).begin(),
    get: (key: string, laterPage = false): CachedResponse | undefined => room(laterPage).get(key),
    /**
     * The answer to send: kept under `key` unless a write happened since `startedAt` (then sent once, not
     * kept). Tagged as depending on every product unless `tags` says more (a page of results: `pageTags`).
     */
    keep(
      key: string,
      startedAt: number,
      body: string,
      headers?: Record<string, string>,
      { laterPage = false, tags = [ANY_PRODUCT_TAG] }: { laterPage?: boolean; tags?: string[] } = {},
    ): CachedResponse {
      return room(laterPage).set(key, body, { tags, startedAt, headers }) ?? uncached(body, headers);
    },
  };
}
export type SearchCache = ReturnType<typeof createSearchCache>;
