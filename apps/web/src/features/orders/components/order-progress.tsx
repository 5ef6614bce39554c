import { allowedMoves, type Order, type OrderActor, type OrderMove } from '@bulkwise/contracts';
import { STATUS_LABEL, formatOrderDate, moveLabel } from '../order-labels';
import { OrderStatusBadge } from './order-status-badge';

export type OrderAction = Exclude<OrderMove, 'place'>;

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

const PAYMENT_LABEL = {
  open: 'awaiting payment',
  partially_paid: 'partially paid',
  paid: 'paid',
  overdue: 'overdue',
  void: 'void (credit note issued)',
} as const;

/** The order's money side: its terms, PO number and, once issued, its invoice and payment state. */
function OrderPayment({ order }: { order: Order }) {
  const terms = order.paymentTerms === 'net' ? 'on account' : 'prepay';
  return (
    <p data-testid="order-payment">
      <span className="text-base-content/70">Payment </span>
      <span className="font-medium">{terms}</span>
      {order.poNumber && <span className="text-base-content/70">, PO {order.poNumber}</span>}
      {order.invoice ? (
        <>
          <span className="text-base-content/70">, invoice </span>
          <span className="font-mono font-medium">{order.invoice.number}</span>{' '}
          <span className="font-medium">{PAYMENT_LABEL[order.invoice.status]}</span>
          {order.invoice.balance > 0 && order.invoice.status !== 'void' && (
            <span className="text-base-content/70">
              {' '}
              (${order.invoice.balance.toFixed(2)} due {order.invoice.dueOn})
            </span>
          )}
        </>
      ) : (
        order.status !== 'cancelled' && <span className="text-base-content/70">, not invoiced yet</span>
      )}
    </p>
  );
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
  const moves = allowedMoves(order.status, viewer).filter(
    (m): m is OrderAction => m !== 'place' && !hide.includes(m),
  );
  const name = order.product.name;
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
      <details>
        <summary className="cursor-pointer text-base-content/70">History</summary>
        <ol className="mt-1 list-inside list-decimal">
          {order.history.map((entry) => (
            <li key={`${entry.status}-${entry.at}`}>
              {STATUS_LABEL[entry.status]} by the {entry.by},{' '}
              <time dateTime={entry.at}>{formatOrderDate(entry.at)}</time>
            </li>
          ))}
        </ol>
      </details>
      {onMove && moves.length > 0 && (
        <div className="flex flex-wrap gap-2">
          {moves.map((move) => (
            <button
              key={move}
              type="button"
              className={`btn btn-sm ${move === 'cancel' ? 'btn-error' : 'btn-primary'}`}
              disabled={busy}
              onClick={() => onMove(order, move)}
              aria-label={`${moveLabel(move, viewer)}: ${name}`}
            >
              {moveLabel(move, viewer)}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
