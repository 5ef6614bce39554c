import {
  QUOTE_MESSAGES,
  quoteStatusAt,
  quoteTransitionFor,
  type Quote,
  type QuoteActor,
  type QuoteMove,
} from '@bulkwise/contracts';
import type { Db } from '../../db/client';
import type { QuoteRow } from '../../db/schema';
import { AppError, forbidden, notFound } from '../../errors';
import { isUuid } from '../../ids';
import type { AuthUser } from '../auth/tokens';
import { createOutboxRepository } from '../notifications/outbox.repository';
import type { QuoteMailKind } from '../notifications/quote-templates';
import type { OrderEventSink } from '../orders/order-events';
import type { InvalidateOrders } from '../orders/orders.cache';
import type { InvalidateProducts } from '../products/products.cache';
import type { InvalidateQuotes } from './quotes.cache';
import { quoteMailPayload, toQuote } from './quotes.mapper';
import type { QuotesRepository } from './quotes.repository';

// The steps every quote operation shares (quotes.service.ts, quotes.moves.ts, quotes.accept.ts): who the
// caller is to the quote, the answer, the refusal, the mail and the invalidation.

export const DAY_MS = 24 * 60 * 60 * 1000;
export const invalid = (field: string, message: string) =>
  new AppError('VALIDATION_FAILED', message, { [field]: message });
export const other = (side: QuoteActor): QuoteActor => (side === 'buyer' ? 'supplier' : 'buyer');

export interface QuotesServiceDeps {
  repository: QuotesRepository;
  /** The orders an accept places record their `placed` event like a purchase's. */
  events: OrderEventSink;
  /** The server's clock: expiry, validity and limits read it (tests set it). */
  clock: () => Date;
  invalidateOrders: InvalidateOrders;
  invalidateProducts: InvalidateProducts;
  /** A committed move drops both parties' cached lists and badges, here and (by NOTIFY) everywhere. */
  invalidateQuotes: InvalidateQuotes;
}

/** One outbox row for the party `to` of `row`, on the caller's transaction. */
export async function mail(tx: Db, kind: QuoteMailKind, row: QuoteRow, to: QuoteActor, extra = {}) {
  const party =
    to === 'buyer'
      ? { uid: row.buyerUid, email: row.buyerEmail, name: row.buyerName }
      : { uid: row.supplierUid, email: row.supplierEmail, name: row.supplierName };
  await createOutboxRepository(tx).enqueue({
    kind,
    recipientUid: party.uid,
    recipientEmail: party.email,
    payload: quoteMailPayload(row, party.name, extra),
  });
}

export function quoteSteps(deps: QuotesServiceDeps) {
  const { repository, clock } = deps;
  const changed = (row: Pick<QuoteRow, 'buyerUid' | 'supplierUid'>) =>
    deps.invalidateQuotes(row.buyerUid, row.supplierUid);

  /** The quote and the caller's side; 404 for anyone who is not one of its two parties. */
  async function visible(user: AuthUser, id: string): Promise<{ row: QuoteRow; you: QuoteActor }> {
    const row = isUuid(id) ? await repository.findById(id) : undefined;
    if (row?.buyerUid === user.uid) return { row, you: 'buyer' };
    if (row?.supplierUid === user.uid) return { row, you: 'supplier' };
    throw notFound('Quote');
  }

  async function answer(id: string, you: QuoteActor): Promise<Quote> {
    const row = (await repository.findById(id))!;
    return toQuote(row, await repository.versions(id), you, clock());
  }

  /** 409 naming the state the quote is in now (by the clock), or its answer when `to` already happened. */
  async function refused(id: string, you: QuoteActor, repeatOf?: string): Promise<Quote> {
    const now = (await repository.findById(id))!;
    const status = quoteStatusAt(now.status, now.validUntil, clock());
    if (repeatOf && status === repeatOf) return answer(id, you);
    throw new AppError(
      'CONFLICT',
      status === 'expired' ? QUOTE_MESSAGES.expired : QUOTE_MESSAGES.notAllowed(status),
    );
  }

  function transition(move: QuoteMove, you: QuoteActor) {
    const t = quoteTransitionFor(move, you);
    if (!t) throw forbidden(QUOTE_MESSAGES.wrongParty);
    return t;
  }

  return { ...deps, changed, visible, answer, refused, transition };
}
export type QuoteSteps = ReturnType<typeof quoteSteps>;
