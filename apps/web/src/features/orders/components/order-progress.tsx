import type { Order, OrderActor } from '@bulkwise/contracts';
import { OrderHistory } from './order-history';
import { OrderMoves, type OrderAction } from './order-moves';
import { OrderPayment } from './order-payment';
import { OrderStatusBadge } from './order-status-badge';

interface OrderProgressProps {
  order: Order;
  viewer: OrderActor;
  onMove?: (order: Order, move: OrderAction) => void;
  /** Moves this page offers another way (My Cart removes instead of cancelling). */
  hide?: readonly OrderAction[];
  busy?: boolean;
  /** The status changed since the viewer last looked (a dot beside it). */
  changed?: boolean;
}

/**
 * Where an order stands, shared by My Cart and the supplier's desk: status, tracking, who cancelled
 * and why, the history, and the buttons the transition table allows this party now.
 */
export function OrderProgress({
  order,
  viewer,
  onMove,
  hide = [],
  busy = false,
  changed = false,
}: OrderProgressProps) {
  return (
    <div className="mt-3 flex flex-col gap-2 text-sm">
      <p className="flex flex-wrap items-center gap-2">
        <span className="text-base-content/70">Status</span>
        <OrderStatusBadge status={order.status} />
        {changed && (
          <span className="flex items-center gap-1 text-xs font-medium" data-testid="order-changed">
            <span className="size-2 rounded-full bg-error" aria-hidden="true" />
            Updated since your last visit
          </span>
        )}
      </p>
      {(order.carrier || order.trackingNumber) && (
        <p data-testid="order-tracking">
          <span className="text-base-content/70">Shipped with </span>
          <span className="font-medium">{order.carrier ?? 'a carrier'}</span>
          {order.trackingNumber && (
            <>
              <span className="text-base-content/70">, tracking </span>
              <span className="font-mono font-medium">{order.trackingNumber}</span>
            </>
          )}
        </p>
      )}
      <OrderPayment order={order} />
      {order.status === 'cancelled' && (
        <p data-testid="order-cancellation">
          Cancelled by {order.cancelledBy === 'supplier' ? 'the supplier' : 'the buyer'}
          {order.cancelReason ? `: ${order.cancelReason}` : ''}
        </p>
      )}
      <OrderHistory history={order.history} />
      {onMove && <OrderMoves order={order} viewer={viewer} hide={hide} busy={busy} onMove={onMove} />}
    </div>
  );
}
