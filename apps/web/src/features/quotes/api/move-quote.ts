import { QuoteSchema, type QuoteCounterBody, type QuoteOfferBody, type QuoteMove } from '@bulkwise/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { quoteKeys } from './keys';

export type QuoteMoveRequest =
  | { id: string; move: 'offer'; body: QuoteOfferBody }
  | { id: string; move: 'counter'; body: QuoteCounterBody }
  | { id: string; move: 'accept'; body: { version: number } }
  | { id: string; move: 'decline'; body: { reason: string } }
  | { id: string; move: 'withdraw'; body?: undefined };

/** POST /api/quotes/:id/<move>: the server decides from the transition table and the turn. */
export const moveQuote = ({ id, move, body }: QuoteMoveRequest & { move: Exclude<QuoteMove, 'request'> }) =>
  api.post(`/quotes/${encodeURIComponent(id)}/${move}`, body ?? {}, QuoteSchema);

/** `onMoved` lets the page refresh what other features show (an accept places orders in the cart). */
export function useMoveQuote(onMoved?: () => Promise<unknown> | void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveQuote,
    onSuccess: async (quote) => {
      queryClient.setQueryData(quoteKeys.detail(quote._id), quote);
      await Promise.all([queryClient.invalidateQueries({ queryKey: quoteKeys.all }), onMoved?.()]);
    },
  });
}
