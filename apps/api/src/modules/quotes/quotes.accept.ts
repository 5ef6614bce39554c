import { QUOTE_MESSAGES, quoteStatusAt, type Quote } from '@bulkwise/contracts';
import { withRetry } from '../../db/errors';
import { AppError } from '../../errors';
import type { AuthUser } from '../auth/tokens';
import { accountRefusal } from '../trade/account-terms';
import { ShortLine, placeQuotedOrders } from './quotes.orders';
import type { QuotesRepository } from './quotes.repository';
import { mail, type QuoteSteps } from './quotes.steps';

/**
 * The accept of offer `version` in one transaction: the quote locked and checked, one order per line,
 * the move and the supplier's mail. Undefined when that version was accepted already.
 */
function acceptInTransaction(steps: QuoteSteps, user: AuthUser, id: string, version: number, now: Date) {
  return withRetry(() =>
    steps.repository.transaction(async (q, tx) => {
      const row = (await q.findById(id, { lock: true }))!;
      // Accepting again answers the orders of the first accept.
      if (row.status === 'accepted' && row.currentVersion === version) return undefined;
      const status = quoteStatusAt(row.status, row.validUntil, now);
      if (status === 'expired') throw new AppError('CONFLICT', QUOTE_MESSAGES.expired);
      if (status !== 'offered') throw new AppError('CONFLICT', QUOTE_MESSAGES.notAllowed(status));
      if (row.currentVersion !== version)
        throw new AppError('CONFLICT', QUOTE_MESSAGES.staleVersion(row.currentVersion));
      const offer = (await q.versions(id)).find((v) => v.number === version)!;
      const orders = await placeQuotedOrders(tx, row, version, offer.lines, steps.events);
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
}

/** The refusal of a line the stock cannot cover, naming the product, its stock and the line. */
async function shortLineError(repository: QuotesRepository, id: string, err: ShortLine): Promise<AppError> {
  const row = (await repository.findById(id))!;
  const [product] = await repository.productsOf([err.productId]);
  const stock = await repository.stockOf(err.productId);
  const index = row.lines.findIndex((l) => l.productId === err.productId);
  const message = QUOTE_MESSAGES.shortLine(product?.name ?? 'a product', stock);
  return new AppError('INSUFFICIENT_STOCK', message, { [`lines.${index}.quantity`]: message });
}

/** The buyer accepts the current offer: its lines become orders (decision 0023). */
export async function acceptQuote(
  steps: QuoteSteps,
  user: AuthUser,
  id: string,
  version: number,
): Promise<Quote> {
  const { you } = await steps.visible(user, id);
  steps.transition('accept', you);
  const now = steps.clock();
  try {
    const placed = await acceptInTransaction(steps, user, id, version, now);
    if (placed) {
      steps.changed({ buyerUid: user.uid, supplierUid: placed.supplierUid });
      steps.invalidateOrders(placed.supplierUid);
      await steps.invalidateProducts(placed.productIds, { stockOnly: true });
    }
  } catch (err) {
    // Over the account's credit limit or on hold: nothing placed, the quote still offered.
    const refused = accountRefusal(err);
    if (refused) throw refused;
    if (!(err instanceof ShortLine)) throw err;
    throw await shortLineError(steps.repository, id, err);
  }
  return steps.answer(id, you);
}
