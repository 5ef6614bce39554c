import { useAwaitingQuotes } from '../api/get-awaiting';

/** Quotes waiting for the user's move, beside the Quotes link; nothing when none. */
export function QuotesBadge() {
  const awaiting = useAwaitingQuotes();
  const count = awaiting.data?.count ?? 0;
  if (count === 0) return null;
  return (
    <span className="badge badge-sm border-0 bg-error text-error-content" data-testid="quotes-badge">
      {count > 99 ? '99+' : count}
      <span className="sr-only"> {count === 1 ? 'quote waits' : 'quotes wait'} for you</span>
    </span>
  );
}
