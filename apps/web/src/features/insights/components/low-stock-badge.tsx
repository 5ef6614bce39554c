import { useLowStockCount } from '../api/get-insights';

/** How many of the supplier's products are running out, beside the Dashboard link; nothing when none. */
export function LowStockBadge() {
  const count = useLowStockCount();
  if (count === 0) return null;
  return (
    <span className="badge badge-sm border-0 bg-warning text-warning-content" data-testid="low-stock-badge">
      {count > 99 ? '99+' : count}
      <span className="sr-only"> {count === 1 ? 'product' : 'products'} running out</span>
    </span>
  );
}
