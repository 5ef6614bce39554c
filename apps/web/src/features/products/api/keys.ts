import type { ProductListParams } from './product-list-params';

/** Query keys of the products feature: every query and invalidation goes through here. */
export const productKeys = {
  all: ['products'] as const,
  lists: () => [...productKeys.all, 'list'] as const,
  list: (params: ProductListParams) => [...productKeys.lists(), params] as const,
  byCategory: (slug: string) => [...productKeys.all, 'category', slug] as const,
  mine: (email: string) => [...productKeys.all, 'mine', email] as const,
  detail: (id: string) => [...productKeys.all, 'detail', id] as const,
};
