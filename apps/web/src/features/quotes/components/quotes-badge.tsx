import { CountBadge } from '@/components/ui/count-badge';
import { useAwaitingQuotes } from '../api/get-awaiting';

/** Quotes waiting for the user's move, beside the Quotes link; nothing when none. */
export function QuotesBadge() {
  const count = useAwaitingQuotes().data?.count ?? 0;
  const label = `${count === 1 ? 'quote waits' : 'quotes wait'} for you`;
  return <CountBadge count={count} tone="error" label={label} testId="quotes-badge" />;
}
