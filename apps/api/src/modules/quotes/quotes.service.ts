import {
  QUOTE_MAX_VALID_DAYS,
  QUOTE_MESSAGES,
  QUOTE_OPEN_PER_PAIR,
  QUOTE_REQUESTS_PER_DAY,
  quoteStatusAt,
  quoteTransitionFor,
  toCents,
  type Quote,
  type QuoteActor,
  type QuoteCounterBody,
  type QuoteMove,
  type QuoteOfferBody,
  type QuoteRequestBody,
} from '@bulkwise/contracts';
import type { Db } from '../../db/client';
import { withRetry } from '../../db/errors';
import type { QuotePricedLine, QuoteRow } from '../../db/schema';
import { AppError, forbidden, notFound } from '../../errors';
import { isUuid } from '../../ids';
import type { AuthUser } from '../auth/tokens';
import { createOutboxRepository } from '../notifications/outbox.repository';
import type { QuoteMailKind } from '../notifications/quote-templates';
import type { OrderEventSink } from '../orders/order-events';
import type { InvalidateOrders } from '../orders/orders.cache';
import type { InvalidateProducts } from '../products/products.cache';
import { accountRefusal } from '../trade/account-terms';
import type { InvalidateQuotes } from './quotes.cache';
import { quoteMailPayload, toQuote } from './quotes.mapper';
import { ShortLine, placeQuotedOrders } from './quotes.orders';
import type { QuotesRepository } from './quotes.repository';
import { validateOffer, validateRequest } from './quotes.validation';

const DAY_MS = 24 * 60 * 60 * 1000;
const invalid = (field: string, message: string) =>
  new AppError('VALIDATION_FAILED', message, { [field]: message });
const other = (side: QuoteActor): QuoteActor => (side === 'buyer' ? 'supplier' : 'buyer');

/** One outbox row for the party `to` of `row`, on the caller's transaction. */
async function mail(tx: Db, kind: QuoteMailKind, row: QuoteRow, to: QuoteActor, extra = {}) {
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

const pricedLines = (lines: QuoteCounterBody['lines']): QuotePricedLine[] =>
  lines.map((l) => ({ productId: l.productId, quantity: l.quantity, unitPriceCents: toCents(l.unitPrice) }));

export function createQuotesService(deps: {
  repository: QuotesRepository;
  /** The orders an accept places record their `placed` event like a purchase's. */
  events: OrderEventSink;
  /** The server's clock: expiry, validity and limits read it (tests set it). */
  clock: () => Date;
  invalidateOrders: InvalidateOrders;
  invalidateProducts: InvalidateProducts;
  /** A committed move drops both parties' cached lists and badges, here and (by NOTIFY) everywhere. */
  invalidateQuotes: InvalidateQuotes;
}) {
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

  /** Offer (supplier) or counter (buyer): a new immutable version, on the mover's turn only. */
  async function propose(
    user: AuthUser,
    id: string,
    move: 'offer' | 'counter',
    body: QuoteCounterBody,
    validUntil: Date | null,
  ) {
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
  async function close(user: AuthUser, id: string, move: 'decline' | 'withdraw', reason: string | null) {
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

  /** The request, its limits and its mail in one transaction; undefined when the key was used meanwhile. */
  async function insertRequest(
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
  async function replay(user: AuthUser, key: string, lines: QuoteRow['lines']): Promise<Quote | undefined> {
    const existing = await repository.findByKey(user.uid, key);
    if (!existing) return undefined;
    const same = (l: QuoteRow['lines']) =>
      JSON.stringify(l.map((x) => [x.productId, x.quantity, x.targetUnitPriceCents]));
    if (same(existing.lines) !== same(lines))
      throw new AppError('IDEMPOTENCY_MISMATCH', QUOTE_MESSAGES.idempotencyMismatch);
    return answer(existing.id, 'buyer');
  }

  async function accept(user: AuthUser, id: string, version: number): Promise<Quote> {
    const { you } = await visible(user, id);
    transition('accept', you);
    const now = clock();
    try {
      const placed = await withRetry(() =>
        repository.transaction(async (q, tx) => {
          const row = (await q.findById(id, { lock: true }))!;
          // Accepting again answers the orders of the first accept.
          if (row.status === 'accepted' && row.currentVersion === version) return undefined;
          const status = quoteStatusAt(row.status, row.validUntil, now);
          if (status === 'expired') throw new AppError('CONFLICT', QUOTE_MESSAGES.expired);
          if (status !== 'offered') throw new AppError('CONFLICT', QUOTE_MESSAGES.notAllowed(status));
          if (row.currentVersion !== version)
            throw new AppError('CONFLICT', QUOTE_MESSAGES.staleVersion(row.currentVersion));
          const offer = (await q.versions(id)).find((v) => v.number === version)!;
          const orders = await placeQuotedOrders(tx, row, version, offer.lines, deps.events);
          const orderIds = orders.map((o) => o.id);
          const moved = await q.move(
            id,
            { actor: 'buyer', uid: user.uid, from: ['offered'], now, version },
            { status: 'accepted', orderIds },
          );
          if (!moved) throw new Error('accept lost its row lock');
          await mail(tx, 'quote.accepted', moved, 'supplier', {
            lines: offer.lines,
            orderCount: orderIds.length,
          });
          return { supplierUid: row.supplierUid, productIds: offer.lines.map((l) => l.productId) };
        }),
      );
      if (placed) {
        changed({ buyerUid: user.uid, supplierUid: placed.supplierUid });
        deps.invalidateOrders(placed.supplierUid);
        deps.invalidateProducts(placed.productIds, { stockOnly: true });
      }
    } catch (err) {
      // Over the account's credit limit or on hold: nothing placed, the quote still offered.
      const refused = accountRefusal(err);
      if (refused) throw refused;
      if (!(err instanceof ShortLine)) throw err;
      const row = (await repository.findById(id))!;
      const [product] = await repository.productsOf([err.productId]);
      const stock = await repository.stockOf(err.productId);
      const index = row.lines.findIndex((l) => l.productId === err.productId);
      const message = QUOTE_MESSAGES.shortLine(product?.name ?? 'a product', stock);
      throw new AppError('INSUFFICIENT_STOCK', message, { [`lines.${index}.quantity`]: message });
    }
    return answer(id, you);
  }

  return {
    async create(user: AuthUser, body: QuoteRequestBody, key?: string): Promise<Quote> {
      const { supplier, lines } = await validateRequest(repository, user, body, clock());
      if (key) {
        const previous = await replay(user, key, lines);
        if (previous) return previous;
      }
      const row = await insertRequest(user, body, key ?? null, supplier, lines);
      if (row) {
        changed(row);
        return answer(row.id, 'buyer');
      }
      const raced = key ? await replay(user, key, lines) : undefined;
      if (!raced) throw new AppError('CONFLICT', 'This Idempotency-Key was already used');
      return raced;
    },
    get: async (user: AuthUser, id: string) => {
      const { row, you } = await visible(user, id);
      return toQuote(row, await repository.versions(id), you, clock());
    },
    offer: (user: AuthUser, id: string, body: QuoteOfferBody) =>
      propose(user, id, 'offer', body, new Date(body.validUntil)),
    counter: (user: AuthUser, id: string, body: QuoteCounterBody) => propose(user, id, 'counter', body, null),
    accept,
    decline: (user: AuthUser, id: string, reason: string) => close(user, id, 'decline', reason),
    withdraw: (user: AuthUser, id: string) => close(user, id, 'withdraw', null),

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
