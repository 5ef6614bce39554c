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
  type ProductListQuery,
} from '@bulkwise/contracts';
import { serializerCompiler, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { InvalidationBus } from '../../lib/cache/bus';
import { createResponseCache } from '../../lib/cache/cache';
import { sendJson, uncached } from '../../lib/cache/http';
import { isUuid } from '../../ids';
import { ANY_PRODUCT_TAG, productTag } from './products.cache';
import type { ProductsService } from './products.service';

/** A first page of a public listing has a cache key; an owner's list (`email`) or a later page has none. */
function firstPageKey(query: ProductListQuery): string | undefined {
  if (query.email !== undefined || query.cursor !== undefined) return undefined;
  return JSON.stringify([query.category, query.minOrderOver, query.q || undefined, query.sort, query.limit]);
}

const pageHeaders = (total: number, nextCursor: string | null) => ({
  [TOTAL_COUNT_HEADER]: String(total),
  ...(nextCursor ? { [NEXT_CURSOR_HEADER]: nextCursor } : {}),
});

/**
 * Public reads answer from memory what the database answered before: first pages of listings and
 * product pages, serialised once. Every write to products drops exactly what it could change (see
 * products.cache.ts), in this process before the write answers and in the others through the bus.
 */
export const productsRoutes: FastifyPluginAsyncZod<{
  products: ProductsService;
  writeRateLimit: object;
  bus: InvalidationBus;
}> = async (app, { products, writeRateLimit, bus }) => {
  const pages = createResponseCache();
  const items = createResponseCache();
  bus.register(pages);
  bus.register(items);
  // The routes' own serialisers (response schema, unknown fields dropped), run once per cached body.
  const serializeList = serializerCompiler({ schema: ProductListResponseSchema, method: 'GET', url: '/products', httpStatus: '200' });
  const serializeProduct = serializerCompiler({ schema: ProductSchema, method: 'GET', url: '/products/:id', httpStatus: '200' });

  app.get(
    '/products',
    {
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
      const key = firstPageKey(req.query);
      const cached = key === undefined ? undefined : pages.get(key);
      if (cached) return sendJson(req, reply, cached);
      const startedAt = pages.begin();
      const page = await products.list(req.query, req.user);
      const headers = pageHeaders(page.total, page.nextCursor);
      if (key === undefined) {
        reply.headers(headers);
        return page.items;
      }
      const body = serializeList(page.items);
      const entry = pages.set(key, body, { tags: [ANY_PRODUCT_TAG], startedAt, headers });
      return sendJson(req, reply, entry ?? uncached(body, headers));
    },
  );

  app.get(
    '/products/suggest',
    {
      schema: {
        tags: ['products'],
        description: 'Up to 8 products for a typeahead: the first results of the same search as `GET /products?q=`.',
        querystring: ProductSuggestQuerySchema,
        response: { 200: ProductSuggestionListSchema },
      },
    },
    async (req) => products.suggest(req.query.q),
  );

  app.get(
    '/products/:id',
    { schema: { tags: ['products'], params: IdParamsSchema, response: { 200: ProductSchema } } },
    async (req, reply) => {
      const id = req.params.id.toLowerCase();
      const cached = isUuid(id) ? items.get(id) : undefined;
      if (cached) return sendJson(req, reply, cached);
      const startedAt = items.begin();
      const body = serializeProduct(await products.get(id));
      return sendJson(req, reply, items.set(id, body, { tags: [productTag(id)], startedAt }) ?? uncached(body));
    },
  );

  app.get(
    '/my-products/:id',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['products'],
        description: `The caller's own product, read fresh (never from the public cache), for its edit
          form: 403 when the product belongs to someone else, 404 when there is none.`,
        security: [{ bearer: [] }],
        params: IdParamsSchema,
        response: { 200: OwnProductSchema },
      },
    },
    async (req) => products.getOwn(req.user!, req.params.id),
  );

  app.post(
    '/products',
    {
      preHandler: app.requireUser,
      config: { rateLimit: writeRateLimit },
      schema: {
        tags: ['products'],
        security: [{ bearer: [] }],
        body: CreateProductBodySchema,
        response: { 201: OwnProductSchema },
      },
    },
    async (req, reply) => reply.status(201).send(await products.create(req.user!, req.body)),
  );

  app.put(
    '/products/:id',
    {
      preHandler: app.requireUser,
      config: { rateLimit: writeRateLimit },
      schema: {
        tags: ['products'],
        security: [{ bearer: [] }],
        params: IdParamsSchema,
        body: UpdateProductBodySchema,
        response: { 200: OwnProductSchema },
      },
    },
    async (req) => {
      const updated = await products.update(req.user!, req.params.id, req.body);
      return updated;
    },
  );

  app.delete(
    '/products/:id',
    {
      preHandler: app.requireUser,
      config: { rateLimit: writeRateLimit },
      schema: {
        tags: ['products'],
        security: [{ bearer: [] }],
        params: IdParamsSchema,
        response: { 200: DeleteProductResultSchema },
      },
    },
    async (req) => {
      const removed = await products.remove(req.user!, req.params.id);
      return removed;
    },
  );
};
