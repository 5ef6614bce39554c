import type { ProductListParams } from './product-list-params';

/** Query keys of the products feature: every query and invalidation goes through here. */
export const productKeys = {
  all: ['products'] as const,
  lists: () => [...productKeys.all, 'list'] as const,
  /** The paged (infinite) form of a list: under lists(), so invalidating the lists covers it. */
  pages: (params: ProductListParams) => [...productKeys.lists(), 'pages', params] as const,
  byCategory: (slug: string) => [...productKeys.all, 'category', slug] as const,
  /** A category's products, paged; the name feeds the client-side fallback (spec section 7). */
  categoryPages: (slug: string, name: string) => [...productKeys.byCategory(slug), 'pages', name] as const,
  mine: (email: string) => [...productKeys.all, 'mine', email] as const,
  /** One of the owner's products, with the API's ownership answer (the Update page). */
  own: (email: string, id: string) => [...productKeys.mine(email), 'detail', id] as const,
  detail: (id: string) => [...productKeys.all, 'detail', id] as const,
  suggestions: (q: string) => [...productKeys.all, 'suggestions', q] as const,
};
