import { allowedQuoteMoves, type Quote } from '@bulkwise/contracts';
import { Check } from 'lucide-react';
import { useState } from 'react';
import { BusyButton } from '@/components/form/busy-button';
import { CloseQuote } from './close-quote';
import { ProposalForm } from './proposal-form';
import { useAcceptQuote } from './use-accept-quote';

/** The one next action of whoever's turn it is, from the transition table; the other side waits. */
export function QuoteActions({ quote, onAccepted }: { quote: Quote; onAccepted?: () => void }) {
  const moves = allowedQuoteMoves(quote.status, quote.you);
  const { accept, error, onAccept } = useAcceptQuote(quote, onAccepted);
  const [countering, setCountering] = useState(false);
  if (moves.length === 0) return null;
  const myTurn = quote.turn === quote.you;
  return (
    <section
      aria-label="Next step"
      className="flex flex-col gap-4 rounded-box border border-primary/40 bg-base-100 p-4"
    >
      {!myTurn && <p>Waiting for the {quote.turn === 'buyer' ? 'buyer' : 'supplier'} to answer.</p>}
      {moves.includes('offer') && (
        <>
          <h3 className="font-semibold">Your offer</h3>
          <ProposalForm quote={quote} move="offer" onDone={() => {}} />
        </>
      )}
      {moves.includes('accept') && (
        <div className="flex flex-wrap items-center gap-2">
          <BusyButton
            className="btn btn-primary"
            busy={accept.isPending}
            busyLabel="Placing orders…"
            icon={<Check className="size-4" aria-hidden="true" />}
            onClick={() => void onAccept()}
          >
            Accept offer v{quote.currentVersion}
          </BusyButton>
          {moves.includes('counter') && (
            <button
              type="button"
              className="btn btn-outline"
              aria-expanded={countering}
              onClick={() => setCountering((c) => !c)}
            >
              Counter
            </button>
          )}
        </div>
      )}
      {error && (
        <p role="alert" className="text-error">
          {error}
        </p>
      )}
      {countering && <ProposalForm quote={quote} move="counter" onDone={() => setCountering(false)} />}
      <div className="flex flex-wrap gap-2">
        {moves.includes('decline') && <CloseQuote quote={quote} move="decline" />}
        {moves.includes('withdraw') && <CloseQuote quote={quote} move="withdraw" />}
      </div>
    </section>
  );
}
