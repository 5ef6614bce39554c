import { OrderSummarySchema, type OrderSummary } from '@bulkwise/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { orderKeys } from './keys';

/** How often the badge asks again while the page stays open (it also asks on window focus). */
export const SUMMARY_REFRESH_MS = 30_000;

export function getOrderSummary(signal?: AbortSignal): Promise<OrderSummary> {
  return api.get('/orders/summary', OrderSummarySchema, { signal });
}

export const orderSummaryQueryOptions = () =>
  queryOptions({
    queryKey: orderKeys.summary(),
    queryFn: ({ signal }) => getOrderSummary(signal),
    refetchInterval: SUMMARY_REFRESH_MS,
    refetchOnWindowFocus: 'always',
  });

export const useOrderSummary = (enabled = true) => useQuery({ ...orderSummaryQueryOptions(), enabled });
