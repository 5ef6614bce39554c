import { CountBadge } from '@/components/ui/count-badge';
import { useLowStockCount } from '../api/get-insights';

/** How many of the supplier's products are running out, beside the Dashboard link; nothing when none. */
export function LowStockBadge() {
  const count = useLowStockCount();
  const label = `${count === 1 ? 'product' : 'products'} running out`;
  return <CountBadge count={count} tone="warning" label={label} testId="low-stock-badge" />;
}
