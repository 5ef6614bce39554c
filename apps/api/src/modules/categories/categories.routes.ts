import { CategoryListSchema, CategorySchema, IdParamsSchema } from '@bulkwise/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CategoriesService } from './categories.service';

export const categoriesRoutes: FastifyPluginAsyncZod<{ categories: CategoriesService }> = async (
  app,
  { categories },
) => {
  app.get(
    '/categories',
    { schema: { tags: ['categories'], response: { 200: CategoryListSchema } } },
    async () => categories.list(),
  );
  app.get(
    '/categories/:id',
    { schema: { tags: ['categories'], params: IdParamsSchema, response: { 200: CategorySchema } } },
    async (req) => categories.get(req.params.id),
  );
};
