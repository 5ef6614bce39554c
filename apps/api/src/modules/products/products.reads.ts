import {
  ProductListQuerySchema,
  ProductListResponseSchema,
  ProductSchema,
  type Product,
  type ProductListQuery,
} from '@bulkwise/contracts';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { InvalidationBus } from '../../lib/cache/bus';
import { createResponseCache, uncached, type CachedResponse } from '../../lib/cache/cache';
import { isUuid } from '../../ids';
import type { LcpImageLookup } from '../../plugins/spa';
import { productPageTags } from './products.cache';
import { pageHeaders, type ProductsService } from './products.service';

/**
 * A public listing: neither an owner's list (`email`, never kept) nor a search (`q`: the search cache keeps
 * those under their normalised form).
 */
export type PublicListingQuery = Omit<ProductListQuery, 'email' | 'q'>;

/** The cache key of a page of a public listing, first or later. */
export const listingKey = (query: PublicListingQuery): string =>
  JSON.stringify([query.category, query.minOrderOver, query.sort, query.limit, query.cursor]);

/**
 * First pages of public listings and product pages, as the routes send them. Made outside the routes so
 * that the SPA's HTML (the server-made pages, the first-paint image) reads the same answers.
 */
export function createProductReadCaches(
  bus: Pick<InvalidationBus, 'register'>,
  options: { productCacheBytes?: number } = {},
) {
  const pages = createResponseCache();
  // Room for product pages; the whole catalog is read into it after the server starts listening.
  const items = createResponseCache({ maxBytes: options.productCacheBytes });
  bus.register(pages);
  bus.register(items);
  return { pages, items };
}
export type ProductReadCaches = ReturnType<typeof createProductReadCaches>;

// The routes' own serialisers (response schema, unknown fields dropped), run once per cached body.
export const serializeProductList = serializerCompiler({
  schema: ProductListResponseSchema,
  method: 'GET',
  url: '/products',
  httpStatus: '200',
});
export const serializeProduct = serializerCompiler({
  schema: ProductSchema,
  method: 'GET',
  url: '/products/:id',
  httpStatus: '200',
});

/**
 * The cached public reads, one implementation for GET /api/products(/:id) and the server-made HTML
 * (modules/pages): the same entries, dropped by the same invalidation.
 */
export function productReads(products: ProductsService, caches: ProductReadCaches) {
  return {
    /** One product's public answer; a missing one throws the service's 404. */
    product(rawId: string): Promise<CachedResponse> {
      const id = rawId.toLowerCase();
      // A malformed id is a 404 from the service, never a key.
      if (!isUuid(id)) return products.get(id).then((p) => uncached(serializeProduct(p)));
      return caches.items.fill(id, async () => ({
        body: serializeProduct(await products.get(id)),
        tags: productPageTags(id),
      }));
    },
    /** A public listing page, without the caller's own fields. */
    page(query: PublicListingQuery): Promise<CachedResponse> {
      return caches.pages.fill(listingKey(query), async () => {
        const page = await products.publicListing(query);
        return {
          body: serializeProductList(page.items),
          tags: page.tags,
          headers: pageHeaders(page.total, page.nextCursor),
        };
      });
    },
  };
}
export type ProductReads = ReturnType<typeof productReads>;

/**
 * The image a product page or a listing's first page paints largest (the first card's), for the SPA's
 * HTML (plugins/spa.ts): from the answer these routes keep, read from the database only when none is.
 */
export function firstPaintImage(products: ProductsService, caches: ProductReadCaches): LcpImageLookup {
  return async (page) => {
    if ('productId' in page) {
      const id = page.productId.toLowerCase();
      const kept = isUuid(id) ? caches.items.get(id) : undefined;
      return kept ? (JSON.parse(kept.body) as Product).image : (await products.get(id)).image;
    }
    const url = new URL(page.firstProductPage, 'http://spa.invalid');
    const query = ProductListQuerySchema.parse(Object.fromEntries(url.searchParams));
    const kept = caches.pages.get(listingKey(query));
    if (kept) return (JSON.parse(kept.body) as Product[])[0]?.image;
    return (await products.list({ ...query, limit: 1 }, null)).items[0]?.image;
  };
}
