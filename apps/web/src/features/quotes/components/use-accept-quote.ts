import type { Quote } from '@bulkwise/contracts';
import { useState } from 'react';
import { useMoveQuote } from '../api/move-quote';

/** Accepting the current version (it places the orders); its error stays until the next try. */
export function useAcceptQuote(quote: Quote, onAccepted?: () => void) {
  const accept = useMoveQuote(onAccepted);
  const [error, setError] = useState<string | null>(null);
  const onAccept = async () => {
    setError(null);
    try {
      await accept.mutateAsync({ id: quote._id, move: 'accept', body: { version: quote.currentVersion } });
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Please try again.');
    }
  };
  return { accept, error, onAccept };
}
