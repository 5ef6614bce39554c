import { formatUsd, type Order } from '@bulkwise/contracts';

const PAYMENT_LABEL = {
  open: 'awaiting payment',
  partially_paid: 'partially paid',
  paid: 'paid',
  overdue: 'overdue',
  void: 'void (credit note issued)',
} as const;

/** The order's money side: its terms, PO number and, once issued, its invoice and payment state. */
export function OrderPayment({ order }: { order: Order }) {
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
              ({formatUsd(order.invoice.balance)} due {order.invoice.dueOn})
            </span>
          )}
        </>
      ) : (
        order.status !== 'cancelled' && <span className="text-base-content/70">, not invoiced yet</span>
      )}
    </p>
  );
}
