import type { OrderStatus } from '@bulkwise/contracts';

/** Query keys of the orders feature (the supplier's desk and its counts). */
export const orderKeys = {
  all: ['orders'] as const,
  summary: () => [...orderKeys.all, 'summary'] as const,
  pages: (status: OrderStatus | 'all') => [...orderKeys.all, 'pages', status] as const,
};
