import { useOrderSummary } from '../api/get-order-summary';

/** The number of orders waiting for the supplier (placed), beside the Orders link; nothing when none. */
export function OrdersBadge() {
  const summary = useOrderSummary();
  const placed = summary.data?.placed ?? 0;
  if (placed === 0) return null;
  return (
    <span className="badge badge-sm border-0 bg-error text-error-content" data-testid="orders-badge">
      {placed > 99 ? '99+' : placed}
      <span className="sr-only"> new {placed === 1 ? 'order' : 'orders'}</span>
    </span>
  );
}
