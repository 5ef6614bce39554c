import { ORDER_CANCEL_REASON_MAX, type Order, type OrderActor } from '@bulkwise/contracts';
import toast from 'react-hot-toast';
import { ApiError } from '@/lib/api-client';
import { errorDialog, formDialog } from '@/lib/dialogs';
import { useMoveOrder, type OrderMoveRequest } from './api/move-order';
import type { OrderAction } from './components/order-moves';
import { STATUS_LABEL } from './order-labels';

export const MOVE_FAILED_TITLE = 'Could Not Update Order';

/** Asks what a move needs (carrier and tracking, a reason), then sends it; null when the user backed out. */
async function requestFor(
  order: Order,
  move: OrderAction,
  viewer: OrderActor,
): Promise<OrderMoveRequest | null> {
  if (move === 'ship') {
    const values = await formDialog({
      title: 'Mark shipped',
      text: `${order.quantity} × ${order.product.name} to ${order.buyer.name}`,
      fields: [
        { name: 'carrier', label: 'Carrier', maxLength: 100 },
        { name: 'trackingNumber', label: 'Tracking number', maxLength: 100 },
      ],
      confirmText: 'Mark shipped',
      cancelText: 'Back',
    });
    return (
      values && { order, move, carrier: values.carrier ?? '', trackingNumber: values.trackingNumber ?? '' }
    );
  }
  if (move === 'cancel') {
    const values = await formDialog({
      title: 'Cancel this order?',
      text: 'The units go back to the product’s stock.',
      fields: [
        {
          name: 'reason',
          label: 'Reason',
          maxLength: ORDER_CANCEL_REASON_MAX,
          required: viewer === 'supplier',
          multiline: true,
        },
      ],
      confirmText: 'Cancel order',
      cancelText: 'Keep order',
      tone: 'danger',
    });
    return values && { order, move, reason: values.reason ?? '' };
  }
  return { order, move };
}

/** The desk's and My Cart's buttons: dialogs, the call, a toast, and the server's reason on failure. */
export function useOrderActions(viewer: OrderActor, onMoved?: (order: Order) => Promise<unknown> | void) {
  const mutation = useMoveOrder(onMoved);
  const run = async (order: Order, move: OrderAction) => {
    const request = await requestFor(order, move, viewer);
    if (!request) return;
    try {
      const updated = await mutation.mutateAsync(request);
      toast.success(`Order ${STATUS_LABEL[updated.status].toLowerCase()}`);
    } catch (err) {
      console.error('Order update failed', err);
      void errorDialog(MOVE_FAILED_TITLE, err instanceof ApiError ? err.message : 'Please try again.');
    }
  };
  return { run, pendingId: mutation.isPending ? mutation.variables.order._id : null };
}
