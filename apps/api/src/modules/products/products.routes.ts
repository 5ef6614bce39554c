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
} from '@bulkwise/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ProductsService } from './products.service';

export const productsRoutes: FastifyPluginAsyncZod<{ products: ProductsService; writeRateLimit: object }> = async (
  app,
  { products, writeRateLimit },
) => {
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
          matching products. Without \`limit\`, at most 500 products are returned.`,
        querystring: ProductListQuerySchema,
        response: { 200: ProductListResponseSchema },
      },
    },
    async (req, reply) => {
      const page = await products.list(req.query, req.user);
      reply.header(TOTAL_COUNT_HEADER, String(page.total));
      if (page.nextCursor) reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
      return page.items;
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
    async (req) => products.update(req.user!, req.params.id, req.body),
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
    async (req) => products.remove(req.user!, req.params.id),
  );
};
