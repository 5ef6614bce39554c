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
} from '@bulkwise/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config/env';
import type { SecuredRouteOptions } from '../../plugins/secured';
import { sendJson } from '../../lib/cache/http';
import { okSerializer, type RouteApp } from '../../lib/http/routes';
import {
  productReads,
  serializeProduct,
  serializeProductList,
  type ProductReadCaches,
} from './products.reads';
import { pageHeaders, type ProductsService } from './products.service';
import { keepProductCacheWarm } from './products.warmup';

export { createProductReadCaches, firstPaintImage, type ProductReadCaches } from './products.reads';

interface ProductsRouteOptions {
  products: ProductsService;
  caches: ProductReadCaches;
  limits: Pick<Config['rateLimit'], 'readsPerMinute' | 'searchPerMinute'>;
}

/**
 * Public reads answer from memory what the database answered before: first pages of listings and
 * product pages, serialised once. Every write to products drops exactly what it could change (see
 * products.cache.ts), in this process before the write answers and in the others through the bus.
 */
export const productsRoutes: FastifyPluginAsyncZod<ProductsRouteOptions> = async (
  app,
  { products, caches, limits },
) => {
  const reads = productReads(products, caches);
  warmWhileListening(app, products, caches.items);
  registerListRoute(app, products, reads, limits);
  registerSuggestRoute(app, products, limits);

  app.get(
    '/products/:id',
    { schema: { tags: ['products'], params: IdParamsSchema, response: { 200: ProductSchema } } },
    async (req, reply) => sendJson(req, reply, await reads.product(req.params.id)),
  );
};

/** The product cache is filled from the database once the server listens, and that stops when it closes. */
function warmWhileListening(app: RouteApp, products: ProductsService, items: ProductReadCaches['items']) {
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
}

// A search runs trigram and edit-distance work for every new `q` (no cache helps a client that
// varies it), so searches and suggestions count per address against a much lower limit than reads.
const isSearch = (req: FastifyRequest) => {
  const { q, email } = req.query as { q?: unknown; email?: unknown };
  return typeof q === 'string' && q.trim() !== '' && email === undefined;
};

function registerListRoute(
  app: RouteApp,
  products: ProductsService,
  reads: ReturnType<typeof productReads>,
  limits: ProductsRouteOptions['limits'],
) {
  const listLimit = {
    timeWindow: '1 minute',
    keyGenerator: (req: FastifyRequest) => `${isSearch(req) ? 'search' : 'list'}:${req.ip}`,
    max: (req: FastifyRequest) => (isSearch(req) ? limits.searchPerMinute : limits.readsPerMinute),
  };
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
        return sendJson(req, reply, await products.searchResponse({ ...req.query, q }, serializeProductList));
      }
      if (req.query.email !== undefined) {
        const page = await products.list(req.query, req.user);
        reply.headers(pageHeaders(page.total, page.nextCursor));
        return page.items;
      }
      return sendJson(req, reply, await reads.page(req.query));
    },
  );
}

function registerSuggestRoute(
  app: RouteApp,
  products: ProductsService,
  limits: ProductsRouteOptions['limits'],
) {
  const suggestLimit = {
    timeWindow: '1 minute',
    max: limits.searchPerMinute,
    keyGenerator: (req: FastifyRequest) => `search:${req.ip}`,
  };
  const serializeSuggestions = okSerializer('/products/suggest', ProductSuggestionListSchema);
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
}

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
