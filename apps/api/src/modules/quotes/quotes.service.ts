import {
  QUOTE_MESSAGES,
  QUOTE_OPEN_PER_PAIR,
  QUOTE_REQUESTS_PER_DAY,
  type Quote,
  type QuoteCounterBody,
  type QuoteOfferBody,
  type QuoteRequestBody,
} from '@bulkwise/contracts';
import { withRetry } from '../../db/errors';
import type { QuoteRow } from '../../db/schema';
import { AppError } from '../../errors';
import type { AuthUser } from '../auth/tokens';
import { acceptQuote } from './quotes.accept';
import { close, propose } from './quotes.moves';
import { toQuote } from './quotes.mapper';
import { DAY_MS, mail, quoteSteps, type QuoteSteps, type QuotesServiceDeps } from './quotes.steps';
import { validateRequest } from './quotes.validation';

/** The request, its limits and its mail in one transaction; undefined when the key was used meanwhile. */
async function insertRequest(
  { repository, clock }: QuoteSteps,
  user: AuthUser,
  body: QuoteRequestBody,
  key: string | null,
  supplier: { uid: string; email: string; name: string },
  lines: QuoteRow['lines'],
) {
  const now = clock();
  return withRetry(() =>
    repository.transaction(async (q, tx) => {
      await q.lockBuyer(user.uid);
      if ((await q.requestsSince(user.uid, new Date(now.getTime() - DAY_MS))) >= QUOTE_REQUESTS_PER_DAY)
        throw new AppError('RATE_LIMITED', QUOTE_MESSAGES.tooManyPerDay);
      if ((await q.openBetween(user.uid, supplier.uid, now)) >= QUOTE_OPEN_PER_PAIR)
        throw new AppError('RATE_LIMITED', QUOTE_MESSAGES.tooManyOpen);
      const row = await q.insert({
        buyerUid: user.uid,
        buyerEmail: user.email,
        buyerName: user.name || 'Anonymous',
        supplierUid: supplier.uid,
        supplierEmail: supplier.email,
        supplierName: supplier.name,
        lines,
        neededBy: body.neededBy,
        address: body.shipping.address,
        phone: body.shipping.phone,
        note: body.note,
        idempotencyKey: key,
        createdAt: now,
        lastActivityAt: now,
      });
      if (row) await mail(tx, 'quote.requested', row, 'supplier');
      return row;
    }),
  );
}

/** A retried key answers the quote it made; a different request under it is refused. */
async function replay(
  { repository, answer }: QuoteSteps,
  user: AuthUser,
  key: string,
  lines: QuoteRow['lines'],
): Promise<Quote | undefined> {
  const existing = await repository.findByKey(user.uid, key);
  if (!existing) return undefined;
  const same = (l: QuoteRow['lines']) =>
    JSON.stringify(l.map((x) => [x.productId, x.quantity, x.targetUnitPriceCents]));
  if (same(existing.lines) !== same(lines))
    throw new AppError('IDEMPOTENCY_MISMATCH', QUOTE_MESSAGES.idempotencyMismatch);
  return answer(existing.id, 'buyer');
}

export function createQuotesService(deps: QuotesServiceDeps) {
  const steps = quoteSteps(deps);
  const { repository, clock, visible, changed, answer } = steps;

  return {
    async create(user: AuthUser, body: QuoteRequestBody, key?: string): Promise<Quote> {
      const { supplier, lines } = await validateRequest(repository, user, body, clock());
      if (key) {
        const previous = await replay(steps, user, key, lines);
        if (previous) return previous;
      }
      const row = await insertRequest(steps, user, body, key ?? null, supplier, lines);
      if (row) {
        changed(row);
        return answer(row.id, 'buyer');
      }
      const raced = key ? await replay(steps, user, key, lines) : undefined;
      if (!raced) throw new AppError('CONFLICT', 'This Idempotency-Key was already used');
      return raced;
    },
    get: async (user: AuthUser, id: string) => {
      const { row, you } = await visible(user, id);
      return toQuote(row, await repository.versions(id), you, clock());
    },
    offer: (user: AuthUser, id: string, body: QuoteOfferBody) =>
      propose(steps, user, id, 'offer', body, new Date(body.validUntil)),
    counter: (user: AuthUser, id: string, body: QuoteCounterBody) =>
      propose(steps, user, id, 'counter', body, null),
    accept: (user: AuthUser, id: string, version: number) => acceptQuote(steps, user, id, version),
    decline: (user: AuthUser, id: string, reason: string) => close(steps, user, id, 'decline', reason),
    withdraw: (user: AuthUser, id: string) => close(steps, user, id, 'withdraw', null),

    /** The two parties of a quote, for its thread (undefined: no such quote). */
    async parties(id: string) {
      const row = await repository.findById(id);
      return (
        row && {
          buyer: { uid: row.buyerUid, name: row.buyerName, email: row.buyerEmail },
          supplier: { uid: row.supplierUid, name: row.supplierName, email: row.supplierEmail },
        }
      );
    },
  };
}
export type QuotesService = ReturnType<typeof createQuotesService>;
