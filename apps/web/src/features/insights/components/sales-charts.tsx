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
import { ToggleGroup } from '@/components/form/toggle-group';
import { formatMoney } from '../format';
import { BarsChart, ChartCard, RevenueOrdersChart, type Column } from './charts';

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

// The figures most tables share, right-aligned: revenue (as money), units and orders.
const REVENUE: Column<{ revenue: number }> = {
  label: 'Revenue',
  value: (row) => formatMoney(row.revenue),
  numeric: true,
};
const UNITS: Column<{ units: number }> = { label: 'Units', value: (row) => row.units, numeric: true };
const ORDERS: Column<{ orders: number }> = { label: 'Orders', value: (row) => row.orders, numeric: true };

const TOP_BY_OPTIONS = (['revenue', 'units'] as const).map((by) => ({ value: by, label: `By ${by}` }));

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
      columns={[{ label: 'From', value: (p) => p.start }, REVENUE, ORDERS, UNITS]}
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
      <ToggleGroup
        label="Top products by"
        options={TOP_BY_OPTIONS}
        value={topBy}
        onChange={onTopByChange}
        size="btn-xs"
        className="self-end"
      />
      <ChartCard
        title={`Top 10 products by ${topBy}`}
        rows={top}
        rowKey={(p) => p.productId}
        empty="No products sold in this period."
        columns={[{ label: 'Product', value: (p) => p.name }, REVENUE, UNITS, ORDERS]}
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
      columns={[{ label: 'Category', value: (c) => c.category }, REVENUE, UNITS, ORDERS]}
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
      columns={[{ label: 'Buyer', value: (b) => b.name }, REVENUE, ORDERS]}
    >
      <BarsChart name="Revenue" money data={buyers.map((b) => ({ label: b.name, value: b.revenue }))} />
    </ChartCard>
  );
}
