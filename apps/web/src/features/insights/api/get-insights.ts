import {
  INSIGHTS_DEFAULT_RANGE_DAYS,
  InsightsBuyersSchema,
  InsightsCategoriesSchema,
  InsightsInventorySchema,
  InsightsReceivablesSchema,
  InsightsSummarySchema,
  InsightsTimeseriesSchema,
  InsightsTopProductsSchema,
  lastDays,
  type InsightsInterval,
  type InsightsTopBy,
} from '@bulkwise/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { insightsKeys, type Period } from './keys';

const range = (p: Period, extra: Record<string, string> = {}) =>
  new URLSearchParams({ from: p.from, to: p.to, ...extra }).toString();

/** GET /api/insights/summary: the period's figures and the previous period's. */
export const useInsightsSummary = (p: Period) =>
  useQuery({
    queryKey: insightsKeys.summary(p),
    queryFn: ({ signal }) => api.get(`/insights/summary?${range(p)}`, InsightsSummarySchema, { signal }),
  });

export const useInsightsTimeseries = (p: Period, interval: InsightsInterval) =>
  useQuery({
    queryKey: insightsKeys.timeseries(p, interval),
    queryFn: ({ signal }) =>
      api.get(`/insights/timeseries?${range(p, { interval })}`, InsightsTimeseriesSchema, { signal }),
  });

export const useInsightsTopProducts = (p: Period, by: InsightsTopBy) =>
  useQuery({
    queryKey: insightsKeys.topProducts(p, by),
    queryFn: ({ signal }) =>
      api.get(`/insights/top-products?${range(p, { by })}`, InsightsTopProductsSchema, { signal }),
  });

export const useInsightsCategories = (p: Period) =>
  useQuery({
    queryKey: insightsKeys.categories(p),
    queryFn: ({ signal }) =>
      api.get(`/insights/categories?${range(p)}`, InsightsCategoriesSchema, { signal }),
  });

export const useInsightsBuyers = (p: Period) =>
  useQuery({
    queryKey: insightsKeys.buyers(p),
    queryFn: ({ signal }) => api.get(`/insights/buyers?${range(p)}`, InsightsBuyersSchema, { signal }),
  });

export const useInsightsInventory = (p: Period) =>
  useQuery({
    queryKey: insightsKeys.inventory(p),
    queryFn: ({ signal }) => api.get(`/insights/inventory?${range(p)}`, InsightsInventorySchema, { signal }),
  });

/** GET /api/insights/receivables: what buyers owe now (not tied to the period). */
export const useInsightsReceivables = () =>
  useQuery({
    queryKey: insightsKeys.receivables(),
    queryFn: ({ signal }) => api.get('/insights/receivables', InsightsReceivablesSchema, { signal }),
  });

/** The navigation's count: products below their threshold, at the default range's sales rate. */
export const useLowStockCount = (enabled = true) => {
  const inventory = useQuery({
    queryKey: insightsKeys.inventory(lastDays(INSIGHTS_DEFAULT_RANGE_DAYS)),
    queryFn: ({ signal }) =>
      api.get(
        `/insights/inventory?${range(lastDays(INSIGHTS_DEFAULT_RANGE_DAYS))}`,
        InsightsInventorySchema,
        {
          signal,
        },
      ),
    enabled,
    refetchInterval: 60_000,
  });
  return inventory.data?.length ?? 0;
};
