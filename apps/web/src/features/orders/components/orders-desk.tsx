import { ORDER_STATUSES, OrderStatusSchema, type Order, type OrderStatus } from '@bulkwise/contracts';
import type { ReactNode } from 'react';
import { Inbox } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { TabbedList } from '@/components/data/tabbed-list';
import { useOrderSummary } from '../api/get-order-summary';
import { useOrders } from '../api/get-orders';
import { STATUS_LABEL } from '../order-labels';
import { useOrderActions } from '../use-order-actions';
import { ExportOrdersButton } from './export-orders-button';
import { OrderCard } from './order-card';

export const ORDERS_LOAD_FAILED = 'Failed to load your orders';
type Tab = OrderStatus | 'all';
const TABS: readonly Tab[] = [...ORDER_STATUSES, 'all'];

/** The supplier's desk: a tab per status with its count, the orders of the tab, and the export. */
export function OrdersDesk({ extra }: { extra?: (order: Order) => ReactNode } = {}) {
  const [params, setParams] = useSearchParams();
  const parsed = OrderStatusSchema.safeParse(params.get('status'));
  const tab: Tab = params.get('status') === 'all' ? 'all' : parsed.success ? parsed.data : 'placed';
  const summary = useOrderSummary();
  const orders = useOrders(tab);
  const actions = useOrderActions('supplier');
  const counts = summary.data;
  const countOf = (t: Tab) =>
    counts ? (t === 'all' ? Object.values(counts).reduce((a, b) => a + b, 0) : counts[t]) : undefined;
  const label = (t: Tab) => (t === 'all' ? 'All' : STATUS_LABEL[t]);

  const list = orders.data?.pages.flatMap((p) => p.orders) ?? [];
  // The order's card, with what the page adds beneath it (the order's messages).
  const card = (order: Order) => (
    <OrderCard order={order} onMove={(o, m) => void actions.run(o, m)} busy={actions.pendingId === order._id}>
      {extra?.(order)}
    </OrderCard>
  );

  return (
    <TabbedList
      tabsLabel="Orders by status"
      tabs={TABS.map((t) => ({ value: t, label: label(t), count: countOf(t) }))}
      selected={tab}
      onSelect={(t) => setParams(t === 'placed' ? {} : { status: t }, { replace: true })}
      toolbar={<ExportOrdersButton tab={tab} />}
      noun="orders"
      query={orders}
      items={list}
      renderItem={card}
      errorMessage={ORDERS_LOAD_FAILED}
      empty={{
        title: tab === 'all' ? 'No Orders Yet' : `No ${label(tab)} Orders`,
        message: 'Orders for your products appear here as soon as a buyer purchases.',
        icon: <Inbox className="size-8" aria-hidden="true" />,
      }}
    />
  );
}
