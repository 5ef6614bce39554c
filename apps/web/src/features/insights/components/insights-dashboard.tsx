import { previousPeriod, type InsightsTopBy } from '@bulkwise/contracts';
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
import { Figures } from './figures';
import { PeriodPicker } from './period-picker';
import { Receivables } from './receivables';
import { RunningOut } from './running-out';
import { SalesCharts, type SalesChartsProps } from './sales-charts';
import { usePeriod } from './use-period';

export const DASHBOARD_LOAD_FAILED = 'Failed to load your dashboard';

/** The supplier's dashboard: period, figures with their change, charts with tables, inventory. */
export function InsightsDashboard() {
  const periodState = usePeriod();
  const { period, interval } = periodState;
  const [topBy, setTopBy] = useState<InsightsTopBy>('revenue');

  const summary = useInsightsSummary(period);
  const series = useInsightsTimeseries(period, interval);
  const top = useInsightsTopProducts(period, topBy);
  const categories = useInsightsCategories(period);
  const buyers = useInsightsBuyers(period);
  const inventory = useInsightsInventory(period);
  const queries = [summary, series, top, categories, buyers, inventory];

  const picker = <PeriodPicker state={periodState} />;
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
  const noSales = s.orders + s.cancelledByBuyer + s.cancelledBySupplier === 0 && s.previous.orders === 0;
  const previous = previousPeriod(period.from, period.to);
  const charts = { summary: s, interval, series: series.data, top: top.data, topBy };
  return (
    <div className="flex flex-col gap-6">
      {picker}
      <p className="text-sm text-base-content/75">
        {period.from} to {period.to}, compared with {previous.from} to {previous.to} (UTC days).
      </p>
      <Receivables />
      {noSales ? (
        <NoSales />
      ) : (
        <PeriodSales
          period={period}
          {...charts}
          onTopByChange={setTopBy}
          categories={categories.data}
          buyers={buyers.data}
        />
      )}
      <RunningOut items={inventory.data} />
    </div>
  );
}

function NoSales() {
  return (
    <EmptyState
      icon={<ChartLine className="size-8" aria-hidden="true" />}
      title="No sales in this period yet"
      message="When buyers order your products, your revenue, orders and best sellers show here."
      link={{ to: paths.myProducts.getHref(), label: 'Go to My Products' }}
    />
  );
}

/** The period's export, figures and charts, once it has sales. */
function PeriodSales({ period, ...charts }: SalesChartsProps & { period: Period }) {
  return (
    <>
      <div className="flex justify-end">
        <button
          type="button"
          className="btn btn-outline btn-sm"
          onClick={() =>
            downloadCsv(`insights-${period.from}-${period.to}.csv`, periodCsv(charts.summary, charts.series))
          }
        >
          <Download className="size-4" aria-hidden="true" />
          Export CSV
        </button>
      </div>
      <Figures summary={charts.summary} />
      <SalesCharts {...charts} />
    </>
  );
}
