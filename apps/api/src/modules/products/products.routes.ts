import {
  CreateProductBodySchema,
  DeleteProductResultSchema,
  IdParamsSchema,
  NEXT_CURSOR_HEADER,
  OwnProductSchema,
  ProductListQuerySchema,
  ProductListResponseSchema,
  ProductSchema,
  ProductSuggestQuerySchema,
  ProductSuggestionListSchema,
  TOTAL_COUNT_HEADER,
  UpdateProductBodySchema,
  type Product,
  type ProductListQuery,
} from '@bulkwise/contracts';
import { serializerCompiler, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config/env';
import type { InvalidationBus } from '../../lib/cache/bus';
import type { LcpImageLookup } from '../../plugins/spa';
import type { SecuredRouteOptions } from '../../plugins/secured';
import { createResponseCache } from '../../lib/cache/cache';
import { sendJson, uncached } from '../../lib/cache/http';
import { isUuid } from '../../ids';
import { pageTags, productPageTags } from './products.cache';
import { pageHeaders, type ProductsService } from './products.service';
import { keepProductCacheWarm } from './products.warmup';

/**
 * A first page of a public listing has a cache key; an owner's list (`email`) or a later page has none.
 * Public searches are not keyed here: the search cache keeps them under their normalised form.
 */
function firstPageKey(query: ProductListQuery): string | undefined {
  if (query.email !== undefined || query.cursor !== undefined) return undefined;
  return JSON.stringify([query.category, query.minOrderOver, query.sort, query.limit]);
}

/**
 * First pages of public listings and product pages, as the routes below send them. Made outside the
 * routes so that the SPA's HTML can read the same answers (firstPaintImage).
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
    const key = firstPageKey(query);
    const kept = key === undefined ? undefined : caches.pages.get(key);
    if (kept) return (JSON.parse(kept.body) as Product[])[0]?.image;
    return (await products.list({ ...query, limit: 1 }, null)).items[0]?.image;
  };
}

/**
 * Public reads answer from memory what the database answered before: first pages of listings and
 * product pages, serialised once. Every write to products drops exactly what it could change (see
 * products.cache.ts), in this process before the write answers and in the others through the bus.
 */
export const productsRoutes: FastifyPluginAsyncZod<{
  products: ProductsService;
  caches: ProductReadCaches;
  limits: Pick<Config['rateLimit'], 'readsPerMinute' | 'searchPerMinute'>;
}> = async (app, { products, caches, limits }) => {
  // A search runs trigram and edit-distance work for every new `q` (no cache helps a client that
  // varies it), so searches and suggestions count per address against a much lower limit than reads.
  const isSearch = (req: FastifyRequest) => {
    const { q, email } = req.query as { q?: unknown; email?: unknown };
    return typeof q === 'string' && q.trim() !== '' && email === undefined;
  };
  const listLimit = {
    timeWindow: '1 minute',
    keyGenerator: (req: FastifyRequest) => `${isSearch(req) ? 'search' : 'list'}:${req.ip}`,
    max: (req: FastifyRequest) => (isSearch(req) ? limits.searchPerMinute : limits.readsPerMinute),
  };
  const suggestLimit = {
    timeWindow: '1 minute',
    max: limits.searchPerMinute,
    keyGenerator: (req: FastifyRequest) => `search:${req.ip}`,
  };
  const { pages, items } = caches;
  // The routes' own serialisers (response schema, unknown fields dropped), run once per cached body.
  const serializeList = serializerCompiler({
    schema: ProductListResponseSchema,
    method: 'GET',
    url: '/products',
    httpStatus: '200',
  });
  const serializeProduct = serializerCompiler({
    schema: ProductSchema,
    method: 'GET',
    url: '/products/:id',
    httpStatus: '200',
  });
  const serializeSuggestions = serializerCompiler({
    schema: ProductSuggestionListSchema,
    method: 'GET',
    url: '/products/suggest',
    httpStatus: '200',
  });

  let warmUp: ReturnType<typeof keepProductCacheWarm> | undefined;
  app.addHook('onListen', async () => {
    warmUp = keepProductCacheWarm({
      cache: items,
      scan: (afterId, limit) => products.scan(afterId, limit),
      serialize: serializeProduct,
      log: (msg, err) => (err ? app.log.warn({ err }, msg) : app.log.info(msg)),
    });
  });
  app.addHook('onClose', async () => {
    warmUp?.stop();
    await warmUp?.done;
  });

  app.get(
    '/products',
    {
      config: { rateLimit: listLimit },
      // `?email=` lists the caller's own products and needs their token; other queries are public.
      preHandler: async (req) => {
        if ((req.query as { email?: unknown }).email !== undefined) await app.requireUser(req);
      },
      schema: {
        tags: ['products'],
        description: `Products in the server's order (newest first) or by price. Keyset paging: pass the
          ${NEXT_CURSOR_HEADER} response header back as \`cursor\`; ${TOTAL_COUNT_HEADER} is the number of
          matching products. Without \`limit\`, at most 500 products are returned. Sorting by price uses the
          product's base \`price\` (what the minimum order costs per unit), never its \`priceTiers\`.`,
        querystring: ProductListQuerySchema,
        response: { 200: ProductListResponseSchema },
      },
    },
    async (req, reply) => {
      const { q } = req.query;
      if (q && req.query.email === undefined) {
        return sendJson(req, reply, await products.searchResponse({ ...req.query, q }, serializeList));
      }
      const key = firstPageKey(req.query);
      if (key === undefined) {
        const page = await products.list(req.query, req.user);
        reply.headers(pageHeaders(page.total, page.nextCursor));
        return page.items;
      }
      const entry = await pages.fill(key, async () => {
        const page = await products.list(req.query, req.user);
        return {
          body: serializeList(page.items),
          tags: pageTags(page.items),
          headers: pageHeaders(page.total, page.nextCursor),
        };
      });
      return sendJson(req, reply, entry);
    },
  );

  app.get(
    '/products/suggest',
    {
      config: { rateLimit: suggestLimit },
      schema: {
        tags: ['products'],
        description:
          'Up to 8 products for a typeahead: the first results of the same search as `GET /products?q=`.',
        querystring: ProductSuggestQuerySchema,
        response: { 200: ProductSuggestionListSchema },
      },
    },
    async (req, reply) =>
      sendJson(req, reply, await products.suggestResponse(req.query.q, serializeSuggestions)),
  );

  app.get(
    '/products/:id',
    { schema: { tags: ['products'], params: IdParamsSchema, response: { 200: ProductSchema } } },
    async (req, reply) => {
      const id = req.params.id.toLowerCase();
      // A malformed id is a 404 from the service, never a key.
      if (!isUuid(id)) return sendJson(req, reply, uncached(serializeProduct(await products.get(id))));
      const entry = await items.fill(id, async () => ({
        body: serializeProduct(await products.get(id)),
        tags: productPageTags(id),
      }));
      return sendJson(req, reply, entry);
    },
  );
};

/** The owner's routes, registered in the secured scope (plugins/secured.ts). */
export const ownProductsRoutes: FastifyPluginAsyncZod<{
  products: ProductsService;
  secured: SecuredRouteOptions;
}> = async (app, { products, secured }) => {
  app.get(
    '/my-products/:id',
    {
      ...secured.read,
      schema: {
        tags: ['products'],
        description: `The caller's own product, read fresh (never from the public cache), for its edit
          form: 403 when the product belongs to someone else, 404 when there is none.`,
        params: IdParamsSchema,
        response: { 200: OwnProductSchema },
      },
    },
    async (req) => products.getOwn(req.user, req.params.id),
  );

  app.post(
    '/products',
    {
      ...secured.write,
      schema: { tags: ['products'], body: CreateProductBodySchema, response: { 201: OwnProductSchema } },
    },
    async (req, reply) => reply.status(201).send(await products.create(req.user, req.body)),
  );

  app.put(
    '/products/:id',
    {
      ...secured.write,
      schema: {
        tags: ['products'],
        params: IdParamsSchema,
        body: UpdateProductBodySchema,
        response: { 200: OwnProductSchema },
      },
    },
    async (req) => products.update(req.user, req.params.id, req.body),
  );

  app.delete(
    '/products/:id',
    {
      ...secured.write,
      schema: { tags: ['products'], params: IdParamsSchema, response: { 200: DeleteProductResultSchema } },
    },
    async (req) => products.remove(req.user, req.params.id),
  );
};
