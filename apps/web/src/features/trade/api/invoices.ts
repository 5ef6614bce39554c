import {
  IDEMPOTENCY_KEY_HEADER,
  InvoicePageSchema,
  InvoiceSchema,
  RemittanceResultSchema,
  type InvoiceStatus,
  type PaymentBody,
  type RemittanceBody,
} from '@bulkwise/contracts';
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Side } from './accounts';
import { tradeKeys } from './keys';

export const INVOICES_PAGE_SIZE = 20;

export const invoicesQueryOptions = (as: Side, status: InvoiceStatus | 'all') =>
  infiniteQueryOptions({
    queryKey: tradeKeys.invoices(as, status),
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams({ as, limit: String(INVOICES_PAGE_SIZE) });
      if (status !== 'all') query.set('status', status);
      if (pageParam) query.set('cursor', pageParam);
      return api.get(`/invoices?${query.toString()}`, InvoicePageSchema, { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
export const useInvoices = (as: Side, status: InvoiceStatus | 'all') =>
  useInfiniteQuery(invoicesQueryOptions(as, status));

export type InvoiceAction =
  | { kind: 'payment'; id: string; body: PaymentBody; idempotencyKey: string }
  | { kind: 'remittance'; id: string; body: RemittanceBody };

export function invoiceAction(action: InvoiceAction): Promise<unknown> {
  const base = `/invoices/${encodeURIComponent(action.id)}`;
  return action.kind === 'payment'
    ? api.post(`${base}/payments`, action.body, InvoiceSchema, {
        headers: { [IDEMPOTENCY_KEY_HEADER]: action.idempotencyKey },
      })
    : api.post(`${base}/remittance`, action.body, RemittanceResultSchema);
}

export function useInvoiceAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: invoiceAction,
    // Orders show their invoice's payment state too.
    onSuccess: () =>
      queryClient.invalidateQueries({
        predicate: (q) => ['trade', 'orders', 'purchases'].includes(String(q.queryKey[0])),
      }),
  });
}
