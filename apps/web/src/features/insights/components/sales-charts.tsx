import {
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  type InsightsBuyer,
  type InsightsCategory,
  type InsightsInterval,
  type InsightsPoint,
  type InsightsSummary,
  type InsightsTopBy,
  type InsightsTopProduct,
} from '@bulkwise/contracts';
import { formatMoney } from '../format';
import { BarsChart, ChartCard, RevenueOrdersChart } from './charts';

export interface SalesChartsProps {
  summary: InsightsSummary;
  interval: InsightsInterval;
  series: InsightsPoint[];
  top: InsightsTopProduct[];
  topBy: InsightsTopBy;
  onTopByChange: (by: InsightsTopBy) => void;
  categories: InsightsCategory[];
  buyers: InsightsBuyer[];
}

/** The period's charts, each with its table: over time, by status, products, categories, buyers. */
export function SalesCharts(props: SalesChartsProps) {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <RevenueOrdersCard interval={props.interval} series={props.series} />
      <OrdersByStatusCard summary={props.summary} />
      <TopProductsCard top={props.top} topBy={props.topBy} onTopByChange={props.onTopByChange} />
      <CategoriesCard categories={props.categories} />
      <BuyersCard buyers={props.buyers} />
    </div>
  );
}

function RevenueOrdersCard({ interval, series }: { interval: InsightsInterval; series: InsightsPoint[] }) {
  return (
    <ChartCard
      title={`Revenue and orders by ${interval}`}
      rows={series}
      rowKey={(p) => p.start}
      empty="No orders in this period."
      columns={[
        { label: 'From', value: (p) => p.start },
        { label: 'Revenue', value: (p) => formatMoney(p.revenue), numeric: true },
        { label: 'Orders', value: (p) => p.orders, numeric: true },
        { label: 'Units', value: (p) => p.units, numeric: true },
      ]}
    >
      <RevenueOrdersChart data={series} />
    </ChartCard>
  );
}

function OrdersByStatusCard({ summary }: { summary: InsightsSummary }) {
  // Orders placed in the period by where they are now; the empty state when there are none at all.
  const byStatus = ORDER_STATUSES.map((status) => ({
    label: ORDER_STATUS_LABELS[status],
    value: summary.byStatus[status],
  }));
  if (byStatus.every((r) => r.value === 0)) byStatus.length = 0;
  return (
    <ChartCard
      title="Orders by status"
      rows={byStatus}
      rowKey={(r) => r.label}
      empty="No orders in this period."
      columns={[
        { label: 'Status', value: (r) => r.label },
        { label: 'Orders', value: (r) => r.value, numeric: true },
      ]}
    >
      <BarsChart name="Orders" data={byStatus} />
    </ChartCard>
  );
}

function TopProductsCard({
  top,
  topBy,
  onTopByChange,
}: Pick<SalesChartsProps, 'top' | 'topBy' | 'onTopByChange'>) {
  return (
    <section className="flex flex-col gap-2">
      <div role="group" aria-label="Top products by" className="join self-end">
        {(['revenue', 'units'] as const).map((by) => (
          <button
            key={by}
            type="button"
            className={`btn join-item btn-xs ${topBy === by ? 'btn-primary' : 'btn-outline'}`}
            aria-pressed={topBy === by}
            onClick={() => onTopByChange(by)}
          >
            By {by}
          </button>
        ))}
      </div>
      <ChartCard
        title={`Top 10 products by ${topBy}`}
        rows={top}
        rowKey={(p) => p.productId}
        empty="No products sold in this period."
        columns={[
          { label: 'Product', value: (p) => p.name },
          { label: 'Revenue', value: (p) => formatMoney(p.revenue), numeric: true },
          { label: 'Units', value: (p) => p.units, numeric: true },
          { label: 'Orders', value: (p) => p.orders, numeric: true },
        ]}
      >
        <BarsChart
          name={topBy === 'revenue' ? 'Revenue' : 'Units'}
          money={topBy === 'revenue'}
          data={top.map((p) => ({
            label: p.name,
            value: topBy === 'revenue' ? p.revenue : p.units,
          }))}
        />
      </ChartCard>
    </section>
  );
}

function CategoriesCard({ categories }: { categories: InsightsCategory[] }) {
  return (
    <ChartCard
      title="Revenue by category"
      rows={categories}
      rowKey={(c) => c.categorySlug}
      empty="No sales in this period."
      columns={[
        { label: 'Category', value: (c) => c.category },
        { label: 'Revenue', value: (c) => formatMoney(c.revenue), numeric: true },
        { label: 'Units', value: (c) => c.units, numeric: true },
        { label: 'Orders', value: (c) => c.orders, numeric: true },
      ]}
    >
      <BarsChart
        name="Revenue"
        money
        data={categories.map((c) => ({ label: c.category, value: c.revenue }))}
      />
    </ChartCard>
  );
}

function BuyersCard({ buyers }: { buyers: InsightsBuyer[] }) {
  return (
    <ChartCard
      title="Top buyers"
      rows={buyers}
      rowKey={(b) => b.email}
      empty="No buyers in this period."
      columns={[
        { label: 'Buyer', value: (b) => b.name },
        { label: 'Revenue', value: (b) => formatMoney(b.revenue), numeric: true },
        { label: 'Orders', value: (b) => b.orders, numeric: true },
      ]}
    >
      <BarsChart name="Revenue" money data={buyers.map((b) => ({ label: b.name, value: b.revenue }))} />
    </ChartCard>
  );
}
