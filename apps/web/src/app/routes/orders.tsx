import { TitledPage } from '@/components/layout/page-section';
import { OrdersDesk } from '@/features/orders/components/orders-desk';
import { ThreadToggle } from '@/features/threads/components/thread-toggle';
import { PAGE_HEADS } from './page-heads';

export function Component() {
  return (
    <TitledPage head={PAGE_HEADS.orders}>
      <OrdersDesk extra={(order) => <ThreadToggle subject="order" id={order._id} />} />
    </TitledPage>
  );
}
