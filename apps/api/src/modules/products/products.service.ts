import {
  DEFAULT_PRODUCT_LIMIT,
  NEXT_CURSOR_HEADER,
  TOTAL_COUNT_HEADER,
  type OwnProduct,
  type Product,
  type ProductListQuery,
  type ProductSuggestion,
} from '@bulkwise/contracts';
import { forbidden, notFound, unauthorized } from '../../errors';
import { isUuid } from '../../ids';
import { uncached, type CachedResponse } from '../../lib/cache/cache';
import { decodeCursor, encodeCursor, invalidCursor } from '../../lib/paging/cursor';
import type { AuthUser } from '../auth/tokens';
import { pageTags, productPageTags, productTag, type InvalidateProducts } from './products.cache';
import { searchPageTags } from './search.tags';
import { listingPageTags } from './listing.tags';
import { toOwnProduct, toPublicProduct } from './products.mapper';
import { ownProducts } from './products.own';
import {
  cursorAfter,
  searchAlone,
  type ProductCursor,
  type ProductFilter,
  type ProductSortKey,
} from './products.listing';
import type { ProductsRepository } from './products.repository';
import type { PublicListingQuery } from './products.reads';
import type { SearchCache } from './search.cache';
import type { SearchRepository } from './search.repository';

/** A route's serialiser (its response schema), run once per answer that is kept. */
export type Serialize<T> = (value: T) => string;

/** The paging state of GET /products travels in headers (the body stays an array). */
export const pageHeaders = (total: number, nextCursor: string | null): Record<string, string> => ({
  [TOTAL_COUNT_HEADER]: String(total),
  ...(nextCursor ? { [NEXT_CURSOR_HEADER]: nextCursor } : {}),
});

export interface ProductPage {
  items: Array<Product | OwnProduct>;
  total: number;
  nextCursor: string | null;
}

const encodeProductCursor = (c: ProductCursor) => encodeCursor([c.sort, c.value, c.id]);

function decodeProductCursor(raw: string, sort: ProductSortKey): ProductCursor {
  const [s, value, id] = decodeCursor(raw, 3) as [string, string, string];
  if (s !== sort) throw invalidCursor();
  const valid =
    sort === 'relevance'
      ? /^\d{1,4}$/.test(value)
      : sort === 'default'
        ? // Exactly the forms cursorAfter() writes (microseconds; milliseconds before), so PostgreSQL never sees a date it cannot read.
          /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.(\d{3}|\d{6})Z$/.test(value) &&
          !Number.isNaN(Date.parse(value))
        : /^\d{1,10}(\.\d{1,2})?$/.test(value);
  if (!valid) throw invalidCursor();
  return { sort, value, id };
}

/**
 * What every listing reads from its query: the public filters (added to `filter`), the order, the page
 * size and the keyset cursor. A search's default order is relevance; its cursors are valid only for the
 * same kind of query.
 */
function listingOf(query: ProductListQuery, filter: ProductFilter) {
  if (query.category !== undefined) filter.categorySlug = query.category;
  if (query.minOrderOver !== undefined) filter.minOrderOver = query.minOrderOver;
  const sort: ProductSortKey = query.sort ?? (query.q ? 'relevance' : 'default');
  const limit = query.limit ?? DEFAULT_PRODUCT_LIMIT;
  const after = query.cursor ? decodeProductCursor(query.cursor, sort) : undefined;
  return { sort, limit, after };
}

/** One page of products as the API answers it, with the cursor of the next. */
type PageReader = (
  filter: ProductFilter,
  sort: ProductSortKey,
  limit: number,
  after: ProductCursor | undefined,
  own: boolean,
) => Promise<ProductPage>;

/** Public searches and suggestions as the routes send them, kept in the search cache. */
function searchResponses(
  { search, searchCache }: Pick<ProductsServiceDeps, 'search' | 'searchCache'>,
  page: PageReader,
) {
  return {
    /**
     * A public search (GET /products?q= without `email`) as the route sends it: from the search cache
     * under its normalised form (the plan), whatever punctuation surrounds the words, or read, serialised
     * once by `serialize` (the route's response schema) and kept with its paging headers.
     */
    async searchResponse(
      query: ProductListQuery & { q: string },
      serialize: Serialize<Product[]>,
    ): Promise<CachedResponse> {
      const filter: ProductFilter = {};
      const { sort, limit, after } = listingOf(query, filter);
      const laterPage = after !== undefined;
      const startedAt = searchCache.begin(laterPage);
      const plan = await search.plan(query.q);
      // Only punctuation or symbols: no word to look for, so nothing matches.
      if (!plan) return uncached(serialize([]), pageHeaders(0, null));
      const key = JSON.stringify([query.category, query.minOrderOver, sort, limit, query.cursor, plan.match]);
      const hit = searchCache.get(key, laterPage);
      if (hit) return hit;
      filter.search = plan;
      const result = await page(filter, sort, limit, after, false);
      const headers = pageHeaders(result.total, result.nextCursor);
      // In relevance order and unfiltered, the answer depends on the text of the products its words reach
      // (membership, rank, total) and on the fields of those it shows: an edit elsewhere leaves it. A filter
      // or a price order depends on other fields of every match: any product write drops it.
      const tags =
        sort === 'relevance' && searchAlone(filter)
          ? searchPageTags(
              plan.terms,
              result.items.flatMap((p) => productPageTags(p._id)),
            )
          : pageTags(result.items);
      return searchCache.keep(key, startedAt, serialize(result.items), headers, { laterPage, tags });
    },

    /** GET /products/suggest: the best matches of a search, for a typeahead, kept like a search page. */
    async suggestResponse(q: string, serialize: Serialize<ProductSuggestion[]>): Promise<CachedResponse> {
      const startedAt = searchCache.begin();
      const plan = await search.plan(q);
      if (!plan) return uncached(serialize([]));
      const key = JSON.stringify(['suggest', plan.match]);
      const hit = searchCache.get(key);
      if (hit) return hit;
      const rows = await search.suggest(plan);
      const body = serialize(rows.map(({ id, ...row }) => ({ _id: id, ...row })));
      return searchCache.keep(key, startedAt, body, undefined, {
        tags: searchPageTags(
          plan.terms,
          rows.map((r) => productTag(r.id)),
        ),
      });
    },
  };
}

/** A public listing page (no `q`, no `email`) and the tags it is kept under (listing.tags.ts). */
const publicListing =
  (page: PageReader) =>
  async (query: PublicListingQuery): Promise<ProductPage & { tags: string[] }> => {
    const filter: ProductFilter = {};
    const { sort, limit, after } = listingOf(query, filter);
    const result = await page(filter, sort, limit, after, false);
    const afterPrice = after && sort !== 'default' ? Number(after.value) : undefined;
    const hasMore = result.nextCursor !== null;
    return { ...result, tags: listingPageTags(query, result.items, { afterPrice, hasMore }) };
  };

export interface ProductsServiceDeps {
  repository: ProductsRepository;
  search: SearchRepository;
  invalidateProducts: InvalidateProducts;
  searchCache: SearchCache;
  /** Refuses an uploaded image that is not the caller's (images.service assertOwnImage). */
  checkImage?: (user: AuthUser, image: string) => Promise<void>;
}

export function createProductsService(deps: ProductsServiceDeps) {
  const { repository, search, invalidateProducts } = deps;
  const checkImage = deps.checkImage ?? (async () => {});

  const page: PageReader = async (filter, sort, limit, after, own) => {
    const { rows, hasMore, total } = await repository.page(filter, sort, limit, after);
    const last = rows.at(-1);
    return {
      items: rows.map(own ? toOwnProduct : toPublicProduct),
      total,
      nextCursor: hasMore && last ? encodeProductCursor(cursorAfter(last, sort)) : null,
    };
  };

  return {
    /**
     * GET /products. `email` lists the caller's own products and needs their token; the other filters
     * are public. Paging is keyset: the next cursor and the total travel in headers.
     */
    async list(query: ProductListQuery, user: AuthUser | null): Promise<ProductPage> {
      const filter: ProductFilter = {};
      let own = false;
      if (query.email !== undefined) {
        if (!user) throw unauthorized('Sign in to list your own products');
        if (user.email !== query.email.toLowerCase()) throw forbidden('You can only list your own products');
        filter.ownerUid = user.uid;
        own = true;
      }
      const { sort, limit, after } = listingOf(query, filter);
      if (query.q) {
        filter.search = await search.plan(query.q);
        // Only punctuation or symbols: no word to look for, so nothing matches.
        if (!filter.search) return { items: [], total: 0, nextCursor: null };
      }
      return page(filter, sort, limit, after, own);
    },

    publicListing: publicListing(page),
    ...searchResponses(deps, page),

    /** Public products in id order after `afterId` (the product cache's warm-up). */
    async scan(afterId: string | undefined, limit: number): Promise<Product[]> {
      return (await repository.scanById(afterId, limit)).map(toPublicProduct);
    },

    async get(id: string): Promise<Product> {
      const row = isUuid(id) ? await repository.findById(id) : undefined;
      if (!row) throw notFound('Product');
      return toPublicProduct(row);
    },

    ...ownProducts({ repository, invalidateProducts, checkImage }),
  };
}
export type ProductsService = ReturnType<typeof createProductsService>;
