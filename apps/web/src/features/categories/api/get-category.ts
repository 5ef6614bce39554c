import { CategorySchema, type Category } from '@bulkwise/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { categoryKeys } from './keys';

/** GET /api/categories/:id: the category page's header (name and image) and its slug. */
export function getCategory(id: string, signal?: AbortSignal): Promise<Category> {
  return api.get(`/categories/${encodeURIComponent(id)}`, CategorySchema, { auth: false, signal });
}

export const categoryQueryOptions = (id: string) =>
  queryOptions({ queryKey: categoryKeys.detail(id), queryFn: ({ signal }) => getCategory(id, signal) });

export const useCategory = (id: string) => useQuery(categoryQueryOptions(id));
