import type { InvalidationBus } from '../../lib/cache/bus';
import { createResponseCache, type CachedResponse } from '../../lib/cache/cache';
import { uncached } from '../../lib/cache/http';
import { ANY_PRODUCT_TAG } from './products.cache';

/** Search answers are small (a page of 24 at most is cached); 4 MiB holds hundreds of popular queries. */
const SEARCH_CACHE_BYTES = 4 * 2 ** 20;
/**
 * Later pages (a cursor) have their own, smaller room: eviction is oldest first, and every cursor is a
 * new key, so deep paging or a stream of made-up cursors would otherwise push out the first pages and
 * suggestions that most requests ask for.
 */
const LATER_PAGES_BYTES = 1 * 2 ** 20;

/**
 * Search pages and suggestions as the routes send them (body serialised once through the response
 * schema, its ETag and paging headers), kept under their normalised query (the lexemes and typo
 * alternatives of the plan, not the raw text: "Pallet!" and "pallet" are one entry) until a write of
 * any API process changes a word they read or a product they show (search.tags.ts; a filtered or
 * price-ordered search: any product write, like the listing pages). A hit is one lookup and one send:
 * nothing is parsed, serialised or hashed again.
 */
export function createSearchCache(bus?: Pick<InvalidationBus, 'register'>) {
  const first = createResponseCache({ maxBytes: SEARCH_CACHE_BYTES });
  const later = createResponseCache({ maxBytes: LATER_PAGES_BYTES });
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
