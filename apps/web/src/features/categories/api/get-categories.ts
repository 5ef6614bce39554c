import { CategoryListSchema, type Category } from '@bulkwise/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { categoryKeys } from './keys';

/** GET /api/categories: public, no token needed. */
export function getCategories(signal?: AbortSignal): Promise<Category[]> {
  return api.get('/categories', CategoryListSchema, { auth: false, signal });
}

export const categoriesQueryOptions = () =>
  queryOptions({ queryKey: categoryKeys.list(), queryFn: ({ signal }) => getCategories(signal) });

export const useCategories = () => useQuery(categoriesQueryOptions());
