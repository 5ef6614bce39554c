import { ClipboardList } from 'lucide-react';
import { OrdersDesk } from '@/features/orders/components/orders-desk';
import { ThreadToggle } from '@/features/threads/components/thread-toggle';
import { usePageTitle } from '@/lib/page-title';
import { PageSection } from '@/components/layout/page-section';

export const ORDERS_TITLE = 'Orders';

export function Component() {
  usePageTitle(ORDERS_TITLE);
  return (
    <PageSection
      id="orders-title"
      title={ORDERS_TITLE}
      icon={ClipboardList}
      subtitle="Orders buyers placed for your products, newest first"
    >
      <OrdersDesk extra={(order) => <ThreadToggle subject="order" id={order._id} />} />
    </PageSection>
  );
}
