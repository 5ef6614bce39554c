import { OrderSchema, type Order, type OrderMove } from '@bulkwise/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { orderKeys } from './keys';

export type OrderMoveRequest =
  | { order: Order; move: 'confirm' | 'deliver' }
  | { order: Order; move: 'ship'; carrier: string; trackingNumber: string }
  | { order: Order; move: 'cancel'; reason: string };

/** POST /api/orders/:id/<move>: the server decides, from the transition table, whether it may happen. */
export function moveOrder(request: OrderMoveRequest): Promise<Order> {
  const { order, move, ...body } = request as { order: Order; move: Exclude<OrderMove, 'place'> } & Record<
    string,
    string
  >;
  return api.post(`/orders/${encodeURIComponent(order._id)}/${move}`, body, OrderSchema);
}

/** `onMoved` lets the page refresh what other features show (the buyer's cart, the product's stock). */
export function useMoveOrder(onMoved?: (order: Order) => Promise<unknown> | void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveOrder,
    onSuccess: async (order) => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: orderKeys.all }), onMoved?.(order)]);
    },
  });
}
