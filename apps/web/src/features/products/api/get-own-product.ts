import { OwnProductSchema, type OwnProduct } from '@bulkwise/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { productKeys } from './keys';

/**
 * GET /api/my-products/:id with the token: the caller's own product. The API answers ownership
 * itself: 403 when the product is someone else's, 404 when there is none.
 */
export function getOwnProduct(id: string, signal?: AbortSignal): Promise<OwnProduct> {
  return api.get(`/my-products/${encodeURIComponent(id)}`, OwnProductSchema, { signal });
}

// Under the owner's key, so another user signing in on this tab never sees this answer.
export const ownProductQueryOptions = (email: string, id: string) =>
  queryOptions({ queryKey: productKeys.own(email, id), queryFn: ({ signal }) => getOwnProduct(id, signal) });

export const useOwnProduct = (email: string, id: string) => useQuery(ownProductQueryOptions(email, id));
