import { CartRemoveResultSchema, type CartItem, type CartRemoveResult } from '@bulkwise/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { purchaseKeys } from './keys';

/**
 * DELETE /api/cart/:id with the spec's JSON body. The server ignores the body and restores the
 * quantity it stored, so a tampered quantity cannot inflate stock.
 */
export function removeCartItem(item: CartItem): Promise<CartRemoveResult> {
  return api.delete(`/cart/${encodeURIComponent(item._id)}`, CartRemoveResultSchema, {
    body: { productId: item.product._id, quantity: item.quantity },
  });
}

/**
 * `onRemoved` lets the page refresh what other features show of the product (its stock changed);
 * this feature only knows its own cart.
 */
export function useRemoveCartItem(email: string, onRemoved?: (item: CartItem) => Promise<unknown> | void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeCartItem,
    onSuccess: async (_result, item) => {
      queryClient.setQueryData<CartItem[]>(purchaseKeys.cart(email), (items) =>
        items?.filter((i) => i._id !== item._id),
      );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: purchaseKeys.carts() }),
        onRemoved?.(item),
      ]);
    },
  });
}
