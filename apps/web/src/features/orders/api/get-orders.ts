import { NEXT_CURSOR_HEADER, OrderListSchema, type OrderStatus } from '@bulkwise/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { orderKeys } from './keys';

export const ORDERS_PAGE_SIZE = 20;

/** GET /api/orders: one page of the orders the user received as a supplier, newest first. */
export async function getOrders(status: OrderStatus | 'all', cursor: string | null, signal?: AbortSignal) {
  const query = new URLSearchParams({ limit: String(ORDERS_PAGE_SIZE) });
  if (status !== 'all') query.set('status', status);
  if (cursor) query.set('cursor', cursor);
  const res = await apiRequest(`/orders?${query.toString()}`, OrderListSchema, { signal });
  return { orders: res.data, nextCursor: res.headers.get(NEXT_CURSOR_HEADER) };
}

export const ordersQueryOptions = (status: OrderStatus | 'all') =>
  infiniteQueryOptions({
    queryKey: orderKeys.pages(status),
    queryFn: ({ pageParam, signal }) => getOrders(status, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export const useOrders = (status: OrderStatus | 'all') => useInfiniteQuery(ordersQueryOptions(status));
