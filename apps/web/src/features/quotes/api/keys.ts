import type { QuoteListFilter } from '@bulkwise/contracts';

export type QuoteSide = 'buyer' | 'supplier';

/** Query keys of the quotes feature; every move invalidates `all`. */
export const quoteKeys = {
  all: ['quotes'] as const,
  awaiting: () => [...quoteKeys.all, 'awaiting'] as const,
  pages: (side: QuoteSide, status: QuoteListFilter | 'all') =>
    [...quoteKeys.all, 'pages', side, status] as const,
  detail: (id: string) => [...quoteKeys.all, 'detail', id] as const,
};
