import { QuoteSchema } from '@bulkwise/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { quoteKeys } from './keys';

export const quoteQueryOptions = (id: string) =>
  queryOptions({
    queryKey: quoteKeys.detail(id),
    queryFn: ({ signal }) => api.get(`/quotes/${encodeURIComponent(id)}`, QuoteSchema, { signal }),
    // The offer's time left moves on: the status (expired) is read again now and then.
    refetchInterval: 60_000,
  });
export const useQuote = (id: string) => useQuery(quoteQueryOptions(id));
