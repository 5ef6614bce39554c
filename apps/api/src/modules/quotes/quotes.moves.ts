import { QUOTE_MAX_VALID_DAYS, QUOTE_MESSAGES, toCents, type QuoteCounterBody } from '@bulkwise/contracts';
import { withRetry } from '../../db/errors';
import type { QuotePricedLine } from '../../db/schema';
import type { AuthUser } from '../auth/tokens';
import { DAY_MS, invalid, mail, other, type QuoteSteps } from './quotes.steps';
import { validateOffer } from './quotes.validation';

// The moves of a quote between its two parties before it is accepted (accept: quotes.accept.ts).

const pricedLines = (lines: QuoteCounterBody['lines']): QuotePricedLine[] =>
  lines.map((l) => ({ productId: l.productId, quantity: l.quantity, unitPriceCents: toCents(l.unitPrice) }));

/** Offer (supplier) or counter (buyer): a new immutable version, on the mover's turn only. */
export async function propose(
  steps: QuoteSteps,
  user: AuthUser,
  id: string,
  move: 'offer' | 'counter',
  body: QuoteCounterBody,
  validUntil: Date | null,
) {
  const { repository, clock, visible, transition, refused, changed, answer } = steps;
  const { row, you } = await visible(user, id);
  const t = transition(move, you);
  validateOffer(row, body.lines);
  const now = clock();
  if (validUntil) {
    if (validUntil.getTime() <= now.getTime()) throw invalid('validUntil', QUOTE_MESSAGES.validUntilPast);
    if (validUntil.getTime() > now.getTime() + QUOTE_MAX_VALID_DAYS * DAY_MS)
      throw invalid('validUntil', QUOTE_MESSAGES.validUntilTooFar);
  }
  const lines = pricedLines(body.lines);
  const done = await withRetry(() =>
    repository.transaction(async (q, tx) => {
      const moved = await q.move(
        id,
        { actor: you, uid: user.uid, from: t.from, now },
        { status: t.to, validUntil, bumpVersion: true },
      );
      if (!moved) return undefined;
      await q.insertVersion({
        quoteId: id,
        number: moved.currentVersion,
        by: you,
        lines,
        validUntil,
        note: body.note,
        at: now,
      });
      await mail(tx, move === 'offer' ? 'quote.offered' : 'quote.countered', moved, other(you), { lines });
      return moved;
    }),
  );
  if (!done) return refused(id, you);
  changed(done);
  return answer(id, you);
}

/** Decline (either side, with a reason) or withdraw (the buyer): any time until accepted. */
export async function close(
  steps: QuoteSteps,
  user: AuthUser,
  id: string,
  move: 'decline' | 'withdraw',
  reason: string | null,
) {
  const { repository, clock, visible, transition, refused, changed, answer } = steps;
  const { you } = await visible(user, id);
  const t = transition(move, you);
  const now = clock();
  const changes =
    move === 'decline' ? { status: t.to, declinedBy: you, declineReason: reason } : { status: t.to };
  const done = await withRetry(() =>
    repository.transaction(async (q, tx) => {
      const moved = await q.move(id, { actor: you, uid: user.uid, from: t.from, now }, changes);
      if (moved && move === 'decline') await mail(tx, 'quote.declined', moved, other(you), { reason });
      return moved;
    }),
  );
  if (!done) return refused(id, you, t.to);
  changed(done);
  return answer(id, you);
}
