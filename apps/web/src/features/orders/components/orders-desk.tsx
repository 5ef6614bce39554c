import { ORDER_STATUSES, OrderStatusSchema, type Order, type OrderStatus } from '@bulkwise/contracts';
import type { ReactNode } from 'react';
import { Download, Inbox } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { TabbedList } from '@/components/data/tabbed-list';
import { errorDialog } from '@/lib/dialogs';
import { downloadOrdersCsv } from '../api/export-orders';
import { useOrderSummary } from '../api/get-order-summary';
import { useOrders } from '../api/get-orders';
import { STATUS_LABEL } from '../order-labels';
import { useOrderActions } from '../use-order-actions';
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
  const [exporting, setExporting] = useState(false);
  const counts = summary.data;
  const countOf = (t: Tab) =>
    counts ? (t === 'all' ? Object.values(counts).reduce((a, b) => a + b, 0) : counts[t]) : undefined;
  const label = (t: Tab) => (t === 'all' ? 'All' : STATUS_LABEL[t]);

  const onExport = async () => {
    setExporting(true);
    try {
      await downloadOrdersCsv(tab);
    } catch (err) {
      console.error('Export failed', err);
      void errorDialog('Export Failed', 'The orders could not be exported. Please try again.');
    } finally {
      setExporting(false);
    }
  };

  const list = orders.data?.pages.flatMap((p) => p.orders) ?? [];
  return (
    <TabbedList
      tabsLabel="Orders by status"
      tabs={TABS.map((t) => ({ value: t, label: label(t), count: countOf(t) }))}
      selected={tab}
      onSelect={(t) => setParams(t === 'placed' ? {} : { status: t }, { replace: true })}
      toolbar={
        <button
          type="button"
          className="btn btn-outline btn-sm"
          onClick={() => void onExport()}
          disabled={exporting}
        >
          <Download className="size-4" aria-hidden="true" />
          {exporting ? 'Exporting…' : 'Export CSV'}
        </button>
      }
      noun="orders"
      query={orders}
      items={list}
      itemKey={(order) => order._id}
      renderItem={(order) => (
        <OrderCard
          order={order}
          onMove={(o, m) => void actions.run(o, m)}
          busy={actions.pendingId === order._id}
        >
          {extra?.(order)}
        </OrderCard>
      )}
      errorMessage={ORDERS_LOAD_FAILED}
      empty={{
        title: tab === 'all' ? 'No Orders Yet' : `No ${label(tab)} Orders`,
        message: 'Orders for your products appear here as soon as a buyer purchases.',
        icon: <Inbox className="size-8" aria-hidden="true" />,
      }}
    />
  );
}
