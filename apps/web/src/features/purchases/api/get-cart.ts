import { CartItemListSchema, type CartItem } from '@bulkwise/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { purchaseKeys } from './keys';

/** GET /api/cart?email= with the token: the user's purchases, newest first. */
export function getCart(email: string, signal?: AbortSignal): Promise<CartItem[]> {
  return api.get(`/cart?${new URLSearchParams({ email }).toString()}`, CartItemListSchema, { signal });
}

export const cartQueryOptions = (email: string) =>
  queryOptions({ queryKey: purchaseKeys.cart(email), queryFn: ({ signal }) => getCart(email, signal) });

export const useCart = (email: string) => useQuery(cartQueryOptions(email));
