import { ORDER_STATUSES, OrderStatusSchema, type Order, type OrderStatus } from '@bulkwise/contracts';
import type { ReactNode } from 'react';
import { Download, Inbox } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '@/components/feedback/empty-state';
import { ErrorState } from '@/components/feedback/error-state';
import { PageSpinner } from '@/components/feedback/spinner';
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
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div role="tablist" aria-label="Orders by status" className="tabs tabs-box flex-wrap">
          {TABS.map((t) => (
            <button
              key={t}
              type="button"
              role="tab"
              aria-selected={t === tab}
              className={`tab gap-2 text-base-content! ${t === tab ? 'tab-active' : ''}`}
              onClick={() => setParams(t === 'placed' ? {} : { status: t }, { replace: true })}
            >
              {label(t)} {countOf(t) !== undefined && <span className="badge badge-sm">{countOf(t)}</span>}
            </button>
          ))}
        </div>
        <button
          type="button"
          className="btn btn-outline btn-sm"
          onClick={() => void onExport()}
          disabled={exporting}
        >
          <Download className="size-4" aria-hidden="true" />
          {exporting ? 'Exporting…' : 'Export CSV'}
        </button>
      </div>

      <div role="tabpanel" aria-label={`${label(tab)} orders`}>
        {orders.isPending ? (
          <PageSpinner />
        ) : orders.isError ? (
          <ErrorState message={ORDERS_LOAD_FAILED} />
        ) : list.length === 0 ? (
          <EmptyState
            title={tab === 'all' ? 'No Orders Yet' : `No ${label(tab)} Orders`}
            message="Orders for your products appear here as soon as a buyer purchases."
            icon={<Inbox className="size-8" aria-hidden="true" />}
          />
        ) : (
          <>
            <ul className="flex flex-col gap-4" aria-label="Orders">
              {list.map((order) => (
                <li key={order._id}>
                  <OrderCard
                    order={order}
                    onMove={(o, m) => void actions.run(o, m)}
                    busy={actions.pendingId === order._id}
                  >
                    {extra?.(order)}
                  </OrderCard>
                </li>
              ))}
            </ul>
            {orders.hasNextPage && (
              <div className="mt-6 flex justify-center">
                <button
                  type="button"
                  className="btn btn-outline"
                  onClick={() => void orders.fetchNextPage()}
                  disabled={orders.isFetchingNextPage}
                >
                  {orders.isFetchingNextPage ? 'Loading…' : 'Load more orders'}
                </button>
              </div>
            )}
          </>
        )}
      </div>
    </div>
  );
}
