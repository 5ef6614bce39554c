import { QuoteAwaitingSchema } from '@bulkwise/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { quoteKeys } from './keys';

export const awaitingQueryOptions = () =>
  queryOptions({
    queryKey: quoteKeys.awaiting(),
    queryFn: ({ signal }) => api.get('/quotes/awaiting', QuoteAwaitingSchema, { signal }),
    refetchInterval: 60_000,
  });
/** Quotes waiting for the user's move (the navigation badge). */
export const useAwaitingQuotes = (enabled = true) => useQuery({ ...awaitingQueryOptions(), enabled });
