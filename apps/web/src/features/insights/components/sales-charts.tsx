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
import { BarsChart, ChartCard, RevenueOrdersChart, type ChartTable, type Column } from './charts';

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

// The fixed parts of the cards and the ranking's toggle; the period's data is bound where they render.
const TOP_BY_TOGGLE = {
  label: 'Top products by',
  options: (['revenue', 'units'] as const).map((by) => ({ value: by, label: `By ${by}` })),
  size: 'btn-xs',
  className: 'self-end',
} as const;

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

const STATUS_TABLE: ChartTable<{ label: string; value: number }> = {
  title: 'Orders by status',
  empty: 'No orders in this period.',
  rowKey: (r) => r.label,
  columns: [
    { label: 'Status', value: (r) => r.label },
    { label: 'Orders', value: (r) => r.value, numeric: true },
  ],
};

function OrdersByStatusCard({ summary }: { summary: InsightsSummary }) {
  // Orders placed in the period by where they are now; the empty state when there are none at all.
  const byStatus = ORDER_STATUSES.map((status) => ({
    label: ORDER_STATUS_LABELS[status],
    value: summary.byStatus[status],
  }));
  if (byStatus.every((r) => r.value === 0)) byStatus.length = 0;
  return (
    <ChartCard {...STATUS_TABLE} rows={byStatus}>
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
      <ToggleGroup {...TOP_BY_TOGGLE} value={topBy} onChange={onTopByChange} />
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

const CATEGORY_TABLE: ChartTable<InsightsCategory> = {
  title: 'Revenue by category',
  empty: 'No sales in this period.',
  rowKey: (c) => c.categorySlug,
  columns: [{ label: 'Category', value: (c) => c.category }, REVENUE, UNITS, ORDERS],
};

function CategoriesCard({ categories }: { categories: InsightsCategory[] }) {
  return (
    <ChartCard {...CATEGORY_TABLE} rows={categories}>
      <BarsChart
        name="Revenue"
        money
        data={categories.map((c) => ({ label: c.category, value: c.revenue }))}
      />
    </ChartCard>
  );
}

const BUYER_TABLE: ChartTable<InsightsBuyer> = {
  title: 'Top buyers',
  empty: 'No buyers in this period.',
  rowKey: (b) => b.email,
  columns: [{ label: 'Buyer', value: (b) => b.name }, REVENUE, ORDERS],
};

function BuyersCard({ buyers }: { buyers: InsightsBuyer[] }) {
  return (
    <ChartCard {...BUYER_TABLE} rows={buyers}>
      <BarsChart name="Revenue" money data={buyers.map((b) => ({ label: b.name, value: b.revenue }))} />
    </ChartCard>
  );
}
