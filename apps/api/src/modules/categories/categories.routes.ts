import { CategoryListSchema, CategorySchema, IdParamsSchema } from '@bulkwise/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { InvalidationBus } from '../../lib/cache/bus';
import { createResponseCache } from '../../lib/cache/cache';
import { sendJson, uncached } from '../../lib/cache/http';
import { okSerializer } from '../../lib/http/routes';
import { ANY_PRODUCT_TAG } from '../products/products.cache';
import type { CategoriesService } from './categories.service';

/** Categories carry product counts, so any product write drops them (the bus carries it). */
export const categoriesRoutes: FastifyPluginAsyncZod<{
  categories: CategoriesService;
  bus: InvalidationBus;
}> = async (app, { categories, bus }) => {
  const cache = createResponseCache({ maxBytes: 2 * 2 ** 20 });
  bus.register(cache);
  const serializeList = okSerializer('/categories', CategoryListSchema);
  const serializeOne = okSerializer('/categories/:id', CategorySchema);
  const tags = [ANY_PRODUCT_TAG];

  app.get(
    '/categories',
    {
      schema: {
        tags: ['categories'],
        summary: 'The fixed categories with their product counts',
        response: { 200: CategoryListSchema },
      },
    },
    async (req, reply) => {
      const cached = cache.get('list');
      if (cached) return sendJson(req, reply, cached);
      const startedAt = cache.begin();
      const body = serializeList(await categories.list());
      return sendJson(req, reply, cache.set('list', body, { tags, startedAt }) ?? uncached(body));
    },
  );
  app.get(
    '/categories/:id',
    {
      schema: {
        tags: ['categories'],
        summary: 'One category with its product count',
        params: IdParamsSchema,
        response: { 200: CategorySchema },
      },
    },
    async (req, reply) => {
      const key = `id:${req.params.id.toLowerCase()}`;
      const cached = cache.get(key);
      if (cached) return sendJson(req, reply, cached);
      const startedAt = cache.begin();
      const body = serializeOne(await categories.get(req.params.id));
      return sendJson(req, reply, cache.set(key, body, { tags, startedAt }) ?? uncached(body));
    },
  );
};
