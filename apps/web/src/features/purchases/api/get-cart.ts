import { CartItemListSchema, type CartItem } from '@bulkwise/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { purchaseKeys } from './keys';

/** GET /api/cart?email= with the token: the user's orders, newest first; cancelled ones on request. */
export function getCart(email: string, withCancelled: boolean, signal?: AbortSignal): Promise<CartItem[]> {
  const query = new URLSearchParams({ email });
  if (withCancelled) query.set('status', 'all');
  return api.get(`/cart?${query.toString()}`, CartItemListSchema, { signal });
}

export const cartQueryOptions = (email: string, withCancelled = false) =>
  queryOptions({
    queryKey: purchaseKeys.cart(email, withCancelled),
    queryFn: ({ signal }) => getCart(email, withCancelled, signal),
  });

export const useCart = (email: string, withCancelled = false) =>
  useQuery(cartQueryOptions(email, withCancelled));
