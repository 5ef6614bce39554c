import type { QuoteListFilter } from '@bulkwise/contracts';

export const QUOTE_STATUS_LABEL: Record<QuoteListFilter, string> = {
  requested: 'Requested',
  offered: 'Offered',
  countered: 'Countered',
  accepted: 'Accepted',
  declined: 'Declined',
  withdrawn: 'Withdrawn',
  expired: 'Expired',
  expiring: 'Expiring within 24 h',
};
