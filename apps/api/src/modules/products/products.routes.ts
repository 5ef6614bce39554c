import {
  CreateProductBodySchema,
  DeleteProductResultSchema,
  IdParamsSchema,
  NEXT_CURSOR_HEADER,
  OwnProductSchema,
  ProductListQuerySchema,
  ProductListResponseSchema,
  ProductSchema,
  TOTAL_COUNT_HEADER,
  UpdateProductBodySchema,
  type ProductListQuery,
} from '@bulkwise/contracts';
import type { FastifyReply } from 'fastify';
import { serializerCompiler, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createPageCache, type CachedPage } from './products.page-cache';
import type { ProductsService } from './products.service';

/** A first page of a public listing has a cache key; an owner's list (`email`) or a later page has none. */
function firstPageKey(query: ProductListQuery): string | undefined {
  if (query.email !== undefined || query.cursor !== undefined) return undefined;
  return JSON.stringify([query.category, query.minOrderOver, query.q || undefined, query.sort, query.limit]);
}

function sendPage(reply: FastifyReply, page: CachedPage) {
  reply.header(TOTAL_COUNT_HEADER, String(page.total));
  if (page.nextCursor) reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
  // A string with a JSON content type goes out as it is: it went through the response schema once.
  return reply.type('application/json; charset=utf-8').send(page.body);
}

export const productsRoutes: FastifyPluginAsyncZod<{ products: ProductsService; writeRateLimit: object }> = async (
  app,
  { products, writeRateLimit },
) => {
  const pages = createPageCache();
  // The route's own serialiser (response schema, unknown fields dropped), run once per cached page.
  const serializeList = serializerCompiler({ schema: ProductListResponseSchema, method: 'GET', url: '/products', httpStatus: '200' });

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
      if (cached) return sendPage(reply, cached);
      const startedAt = pages.generation();
      const page = await products.list(req.query, req.user);
      if (key === undefined) {
        reply.header(TOTAL_COUNT_HEADER, String(page.total));
        if (page.nextCursor) reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
        return page.items;
      }
      const entry = { body: serializeList(page.items), total: page.total, nextCursor: page.nextCursor };
      pages.set(key, entry, startedAt);
      return sendPage(reply, entry);
    },
  );

  app.get(
    '/products/:id',
    { schema: { tags: ['products'], params: IdParamsSchema, response: { 200: ProductSchema } } },
    async (req) => products.get(req.params.id),
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
    async (req, reply) => {
      const created = await products.create(req.user!, req.body);
      pages.invalidate();
      return reply.status(201).send(created);
    },
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
      pages.invalidate();
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
      pages.invalidate();
      return removed;
    },
  );
};
