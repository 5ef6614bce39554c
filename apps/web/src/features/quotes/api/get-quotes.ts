import { QuoteListSchema, type QuoteListFilter } from '@bulkwise/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { quoteKeys, type QuoteSide } from './keys';

export const QUOTES_PAGE_SIZE = 20;

/** GET /api/quotes: one page of the user's quotes on one side, newest activity first, with the counts. */
export function getQuotes(
  side: QuoteSide,
  status: QuoteListFilter | 'all',
  cursor: string | null,
  signal?: AbortSignal,
) {
  const query = new URLSearchParams({ as: side, limit: String(QUOTES_PAGE_SIZE) });
  if (status !== 'all') query.set('status', status);
  if (cursor) query.set('cursor', cursor);
  return api.get(`/quotes?${query.toString()}`, QuoteListSchema, { signal });
}

export const quotesQueryOptions = (side: QuoteSide, status: QuoteListFilter | 'all') =>
  infiniteQueryOptions({
    queryKey: quoteKeys.pages(side, status),
    queryFn: ({ pageParam, signal }) => getQuotes(side, status, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export const useQuotes = (side: QuoteSide, status: QuoteListFilter | 'all') =>
  useInfiniteQuery(quotesQueryOptions(side, status));
