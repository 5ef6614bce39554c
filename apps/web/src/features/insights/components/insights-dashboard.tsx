import {
  INSIGHTS_MAX_RANGE_DAYS,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  isoDayNumber,
  lastDays,
  previousPeriod,
  type InsightsInterval,
  type InsightsSummary,
  type InsightsTopBy,
} from '@bulkwise/contracts';
import { ChartLine, Download } from 'lucide-react';
import { useState } from 'react';
import { EmptyState } from '@/components/feedback/empty-state';
import { ErrorState } from '@/components/feedback/error-state';
import { PageSpinner } from '@/components/feedback/spinner';
import { paths } from '@/config/paths';
import {
  useInsightsBuyers,
  useInsightsCategories,
  useInsightsInventory,
  useInsightsSummary,
  useInsightsTimeseries,
  useInsightsTopProducts,
} from '../api/get-insights';
import type { Period } from '../api/keys';
import { downloadCsv, periodCsv } from '../csv';
import { change, formatMoney, formatPercent } from '../format';
import { BarsChart, ChartCard, RevenueOrdersChart } from './charts';
import { InventoryTable } from './inventory-table';
import { Receivables } from './receivables';

export const DASHBOARD_LOAD_FAILED = 'Failed to load your dashboard';
const PRESETS = [7, 30, 90, 365] as const;
type Preset = (typeof PRESETS)[number] | 'custom';

const daysIn = (p: Period) => isoDayNumber(p.to) - isoDayNumber(p.from) + 1;
/** Bars that fit the period: days up to a month, weeks up to four months, then months. */
const intervalFor = (p: Period): InsightsInterval =>
  daysIn(p) <= 31 ? 'day' : daysIn(p) <= 120 ? 'week' : 'month';

/** The supplier's dashboard: period, figures with their change, charts with tables, inventory. */
export function InsightsDashboard() {
  const [preset, setPreset] = useState<Preset>(30);
  const [custom, setCustom] = useState<Period>(lastDays(30));
  const customValid =
    !Number.isNaN(daysIn(custom)) && daysIn(custom) >= 1 && daysIn(custom) <= INSIGHTS_MAX_RANGE_DAYS;
  const period = preset === 'custom' ? (customValid ? custom : lastDays(30)) : lastDays(preset);
  const interval = intervalFor(period);
  const [topBy, setTopBy] = useState<InsightsTopBy>('revenue');

  const summary = useInsightsSummary(period);
  const series = useInsightsTimeseries(period, interval);
  const top = useInsightsTopProducts(period, topBy);
  const categories = useInsightsCategories(period);
  const buyers = useInsightsBuyers(period);
  const inventory = useInsightsInventory(period);
  const queries = [summary, series, top, categories, buyers, inventory];

  const picker = (
    <div className="flex flex-col gap-3 md:flex-row md:items-end md:justify-between">
      <div role="group" aria-label="Period" className="join flex-wrap">
        {PRESETS.map((days) => (
          <button
            key={days}
            type="button"
            className={`btn join-item btn-sm ${preset === days ? 'btn-primary' : 'btn-outline'}`}
            aria-pressed={preset === days}
            onClick={() => setPreset(days)}
          >
            Last {days} days
          </button>
        ))}
        <button
          type="button"
          className={`btn join-item btn-sm ${preset === 'custom' ? 'btn-primary' : 'btn-outline'}`}
          aria-pressed={preset === 'custom'}
          onClick={() => setPreset('custom')}
        >
          Custom
        </button>
      </div>
      {preset === 'custom' && (
        <div className="flex flex-wrap items-end gap-2">
          <label className="flex flex-col text-sm">
            From
            <input
              type="date"
              className="input input-sm"
              value={custom.from}
              max={custom.to}
              onChange={(e) => setCustom((c) => ({ ...c, from: e.target.value }))}
            />
          </label>
          <label className="flex flex-col text-sm">
            To
            <input
              type="date"
              className="input input-sm"
              value={custom.to}
              min={custom.from}
              onChange={(e) => setCustom((c) => ({ ...c, to: e.target.value }))}
            />
          </label>
          {!customValid && (
            <p role="alert" className="text-sm text-error">
              Choose a start before the end, at most 2 years apart.
            </p>
          )}
        </div>
      )}
    </div>
  );

  if (queries.some((q) => q.isError)) {
    return (
      <div className="flex flex-col gap-6">
        {picker}
        <ErrorState message={DASHBOARD_LOAD_FAILED} />
      </div>
    );
  }
  if (!summary.data || !series.data || !top.data || !categories.data || !buyers.data || !inventory.data) {
    return (
      <div className="flex flex-col gap-6">
        {picker}
        <PageSpinner />
      </div>
    );
  }

  const s = summary.data;
  // Orders placed in the period by where they are now; the empty state when there are none at all.
  const byStatus = ORDER_STATUSES.map((status) => ({
    label: ORDER_STATUS_LABELS[status],
    value: s.byStatus[status],
  }));
  if (byStatus.every((r) => r.value === 0)) byStatus.length = 0;
  const noSales = s.orders + s.cancelledByBuyer + s.cancelledBySupplier === 0 && s.previous.orders === 0;
  const previous = previousPeriod(period.from, period.to);
  return (
    <div className="flex flex-col gap-6">
      {picker}
      <p className="text-sm text-base-content/75">
        {period.from} to {period.to}, compared with {previous.from} to {previous.to} (UTC days).
      </p>
      <Receivables />
      {noSales ? (
        <EmptyState
          icon={<ChartLine className="size-8" aria-hidden="true" />}
          title="No sales in this period yet"
          message="When buyers order your products, your revenue, orders and best sellers show here."
          link={{ to: paths.myProducts.getHref(), label: 'Go to My Products' }}
        />
      ) : (
        <>
          <div className="flex justify-end">
            <button
              type="button"
              className="btn btn-outline btn-sm"
              onClick={() =>
                downloadCsv(`insights-${period.from}-${period.to}.csv`, periodCsv(s, series.data))
              }
            >
              <Download className="size-4" aria-hidden="true" />
              Export CSV
            </button>
          </div>
          <Figures summary={s} />
          <div className="grid gap-6 lg:grid-cols-2">
            <ChartCard
              title={`Revenue and orders by ${interval}`}
              rows={series.data}
              rowKey={(p) => p.start}
              empty="No orders in this period."
              columns={[
                { label: 'From', value: (p) => p.start },
                { label: 'Revenue', value: (p) => formatMoney(p.revenue), numeric: true },
                { label: 'Orders', value: (p) => p.orders, numeric: true },
                { label: 'Units', value: (p) => p.units, numeric: true },
              ]}
            >
              <RevenueOrdersChart data={series.data} />
            </ChartCard>
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
            <section className="flex flex-col gap-2">
              <div role="group" aria-label="Top products by" className="join self-end">
                {(['revenue', 'units'] as const).map((by) => (
                  <button
                    key={by}
                    type="button"
                    className={`btn join-item btn-xs ${topBy === by ? 'btn-primary' : 'btn-outline'}`}
                    aria-pressed={topBy === by}
                    onClick={() => setTopBy(by)}
                  >
                    By {by}
                  </button>
                ))}
              </div>
              <ChartCard
                title={`Top 10 products by ${topBy}`}
                rows={top.data}
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
                  data={top.data.map((p) => ({
                    label: p.name,
                    value: topBy === 'revenue' ? p.revenue : p.units,
                  }))}
                />
              </ChartCard>
            </section>
            <ChartCard
              title="Revenue by category"
              rows={categories.data}
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
                data={categories.data.map((c) => ({ label: c.category, value: c.revenue }))}
              />
            </ChartCard>
            <ChartCard
              title="Top buyers"
              rows={buyers.data}
              rowKey={(b) => b.email}
              empty="No buyers in this period."
              columns={[
                { label: 'Buyer', value: (b) => b.name },
                { label: 'Revenue', value: (b) => formatMoney(b.revenue), numeric: true },
                { label: 'Orders', value: (b) => b.orders, numeric: true },
              ]}
            >
              <BarsChart
                name="Revenue"
                money
                data={buyers.data.map((b) => ({ label: b.name, value: b.revenue }))}
              />
            </ChartCard>
          </div>
        </>
      )}
      <section
        className="card border border-base-300 bg-base-100 shadow-sm"
        aria-labelledby="inventory-title"
      >
        <div className="card-body gap-3 p-4 sm:p-6">
          <h2 id="inventory-title" className="card-title text-lg">
            Running out{' '}
            {inventory.data.length > 0 && <span className="badge badge-error">{inventory.data.length}</span>}
          </h2>
          {inventory.data.length === 0 ? (
            <p className="text-base-content/70">Every product is at or above its low-stock threshold.</p>
          ) : (
            <InventoryTable items={inventory.data} />
          )}
        </div>
      </section>
    </div>
  );
}

function Figures({ summary: s }: { summary: InsightsSummary }) {
  const cancelRate = (p: InsightsSummary['previous']) => {
    const all = p.orders + p.cancelledByBuyer + p.cancelledBySupplier;
    return all === 0 ? null : (p.cancelledByBuyer + p.cancelledBySupplier) / all;
  };
  const figures: Array<{
    label: string;
    now: number | null;
    before: number | null;
    show: (v: number) => string;
    note?: string;
  }> = [
    { label: 'Revenue', now: s.revenue, before: s.previous.revenue, show: (v) => formatMoney(v) },
    { label: 'Orders', now: s.orders, before: s.previous.orders, show: String },
    { label: 'Units', now: s.units, before: s.previous.units, show: String },
    {
      label: 'Average order value',
      now: s.averageOrderValue,
      before: s.previous.averageOrderValue,
      show: (v) => formatMoney(v),
    },
    { label: 'Buyers', now: s.buyers, before: s.previous.buyers, show: String },
    {
      label: 'Cancellation rate',
      now: cancelRate(s),
      before: cancelRate(s.previous),
      show: formatPercent,
      note: `${s.cancelledByBuyer} by buyers, ${s.cancelledBySupplier} by you`,
    },
    {
      label: 'Median time to ship',
      now: s.medianHoursToShip,
      before: s.previous.medianHoursToShip,
      show: (v) => `${v} h`,
    },
    {
      label: 'Shipped within 2 days',
      now: s.shippedWithin2Days,
      before: s.previous.shippedWithin2Days,
      show: formatPercent,
    },
  ];
  return (
    <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
      {figures.map((f) => {
        const delta = change(f.now, f.before);
        return (
          <div key={f.label} className="rounded-box border border-base-300 bg-base-100 p-4">
            <dt className="text-sm text-base-content/75">{f.label}</dt>
            <dd className="text-2xl font-semibold tabular-nums">{f.now === null ? '—' : f.show(f.now)}</dd>
            <dd className="text-sm text-base-content/75">
              {delta === null
                ? 'No previous figure'
                : `${delta >= 0 ? '+' : ''}${formatPercent(delta)} vs previous period`}
            </dd>
            {f.note && <dd className="text-xs text-base-content/75">{f.note}</dd>}
          </div>
        );
      })}
    </dl>
  );
}
