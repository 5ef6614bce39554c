import type { Quote } from '@bulkwise/contracts';
import { Clock } from 'lucide-react';
import { useEffect, useState } from 'react';
import { QuoteActions } from './quote-actions';
import { QUOTE_STATUS_LABEL } from './quote-status';
import { QuoteVersions, timeLeft } from './quote-versions';

/** A quote for either party: who and what, the versions side by side, the time left and the next step. */
export function QuoteView({
  quote,
  fetchedAt,
  onAccepted,
}: {
  quote: Quote;
  fetchedAt: number;
  onAccepted?: () => void;
}) {
  // Re-render each minute so the time left counts down.
  const [, tick] = useState(0);
  useEffect(() => {
    const id = setInterval(() => tick((n) => n + 1), 60_000);
    return () => clearInterval(id);
  }, []);
  const left = quote.status === 'offered' ? timeLeft(quote.validUntil, quote.now, fetchedAt) : null;
  const otherSide =
    quote.you === 'buyer'
      ? `Supplier: ${quote.supplier.name}`
      : `Buyer: ${quote.buyer.name} (${quote.buyer.email})`;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <span className="badge badge-lg" data-testid="quote-status">
          {QUOTE_STATUS_LABEL[quote.status]}
        </span>
        {left && (
          <span className="flex items-center gap-1 text-sm" data-testid="quote-time-left">
            <Clock className="size-4" aria-hidden="true" /> {left}
          </span>
        )}
        <span className="text-sm text-base-content/70">{otherSide}</span>
      </div>
      <QuoteFacts quote={quote} />
      <QuoteVersions quote={quote} />
      {quote.status === 'accepted' && (
        <p role="status" className="alert alert-success">
          Accepted: {quote.orderIds.length} {quote.orderIds.length === 1 ? 'order was' : 'orders were'} placed
          at the quoted prices.
        </p>
      )}
      <QuoteActions quote={quote} onAccepted={onAccepted} />
    </div>
  );
}

/** When it is needed, where it goes, the buyer's note and why it was declined. */
function QuoteFacts({ quote }: { quote: Quote }) {
  return (
    <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
      <dt className="font-medium">Needed by</dt>
      <dd>{quote.neededBy}</dd>
      <dt className="font-medium">Ship to</dt>
      <dd className="break-words">
        {quote.shipping.address} · {quote.shipping.phone}
      </dd>
      {quote.note && (
        <>
          <dt className="font-medium">Note</dt>
          <dd dir="auto" className="break-words whitespace-pre-wrap">
            {quote.note}
          </dd>
        </>
      )}
      {quote.declineReason && (
        <>
          <dt className="font-medium">Declined by the {quote.declinedBy}</dt>
          <dd dir="auto" className="break-words">
            {quote.declineReason}
          </dd>
        </>
      )}
    </dl>
  );
}
