import { IDEMPOTENCY_KEY_HEADER, QuoteSchema, type QuoteRequestBody } from '@bulkwise/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { quoteKeys } from './keys';

/**
 * POST /api/quotes. `key` is made once per form, so a double click or a retry after a lost answer
 * creates one quote.
 */
export const requestQuote = ({ body, key }: { body: QuoteRequestBody; key: string }) =>
  api.post('/quotes', body, QuoteSchema, { headers: { [IDEMPOTENCY_KEY_HEADER]: key } });

export function useRequestQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestQuote,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: quoteKeys.all }),
  });
}
