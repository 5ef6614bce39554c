import { CountBadge } from '@/components/ui/count-badge';
import { useOrderSummary } from '../api/get-order-summary';

/** The number of orders waiting for the supplier (placed), beside the Orders link; nothing when none. */
export function OrdersBadge() {
  const placed = useOrderSummary().data?.placed ?? 0;
  const label = `new ${placed === 1 ? 'order' : 'orders'}`;
  return <CountBadge count={placed} tone="error" label={label} testId="orders-badge" />;
}
