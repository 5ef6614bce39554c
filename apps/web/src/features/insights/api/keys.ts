import type { InsightsInterval, InsightsTopBy } from '@bulkwise/contracts';

export interface Period {
  from: string;
  to: string;
}

/** Query keys of the insights feature (the supplier's dashboard and the low-stock count). */
export const insightsKeys = {
  all: ['insights'] as const,
  summary: (p: Period) => [...insightsKeys.all, 'summary', p.from, p.to] as const,
  timeseries: (p: Period, interval: InsightsInterval) =>
    [...insightsKeys.all, 'timeseries', p.from, p.to, interval] as const,
  topProducts: (p: Period, by: InsightsTopBy) =>
    [...insightsKeys.all, 'top-products', p.from, p.to, by] as const,
  categories: (p: Period) => [...insightsKeys.all, 'categories', p.from, p.to] as const,
  buyers: (p: Period) => [...insightsKeys.all, 'buyers', p.from, p.to] as const,
  inventory: (p: Period) => [...insightsKeys.all, 'inventory', p.from, p.to] as const,
  receivables: () => [...insightsKeys.all, 'receivables'] as const,
};
