import type { InvoiceStatus } from '@bulkwise/contracts';

/** Query keys of trade on account (accounts and invoices). */
export const tradeKeys = {
  all: ['trade'] as const,
  accounts: (as: 'buyer' | 'supplier') => [...tradeKeys.all, 'accounts', as] as const,
  invoices: (as: 'buyer' | 'supplier', status: InvoiceStatus | 'all') =>
    [...tradeKeys.all, 'invoices', as, status] as const,
};
