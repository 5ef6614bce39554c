import type { Quote, QuoteList } from '@bulkwise/contracts';
import type { AuthUser } from '../src/modules/auth/tokens';
import type { TestApp } from './build-test-app';
import { call, jsonIf } from './factories';

export const DAY = 24 * 60 * 60 * 1000;

export const requestBody = (productIds: string[], quantity = 500, neededBy = '2099-01-31') => ({
  lines: productIds.map((productId) => ({ productId, quantity, targetUnitPrice: 9.5 })),
  neededBy,
  shipping: { address: '14 Harbour Road, Bristol', phone: '+44 117 496 0123' },
  note: 'Pallets please',
});

export const pricedLines = (quote: Pick<Quote, 'lines'>, unitPrice = 10, quantity?: number) =>
  quote.lines.map((l) => ({ productId: l.productId, quantity: quantity ?? l.quantity, unitPrice }));

/** POST /quotes/:id/<move> (or POST /quotes when id is null) as `user`, or with no token when null. */
export async function quoteCall(
  t: TestApp,
  user: AuthUser | null,
  id: string | null,
  move: string,
  payload?: object,
  headers: Record<string, string> = {},
) {
  return call(t, user, 'POST', id === null ? '/api/quotes' : `/api/quotes/${id}/${move}`, payload, headers);
}

export async function getQuote(t: TestApp, user: AuthUser, id: string): Promise<Quote> {
  return jsonIf<Quote>(await call(t, user, 'GET', `/api/quotes/${id}`), 200, 'get quote');
}

/** A request from `buyer` on `productIds`; answers the quote (throws otherwise). */
export async function requestQuote(
  t: TestApp,
  buyer: AuthUser,
  productIds: string[],
  quantity = 500,
): Promise<Quote> {
  return jsonIf<Quote>(
    await quoteCall(t, buyer, null, '', requestBody(productIds, quantity)),
    201,
    'request quote',
  );
}

/** The supplier's offer on every line at `unitPrice`, valid for `validMs` from `now`. */
export async function offerQuote(
  t: TestApp,
  supplier: AuthUser,
  quote: Quote,
  now: Date,
  unitPrice = 10,
  validMs = 7 * DAY,
  quantity?: number,
): Promise<Quote> {
  const res = await quoteCall(t, supplier, quote._id, 'offer', {
    lines: pricedLines(quote, unitPrice, quantity),
    validUntil: new Date(now.getTime() + validMs).toISOString(),
  });
  return jsonIf<Quote>(res, 200, 'offer');
}

/** GET /quotes?<query> as `user`; throws with the body unless 200. */
export async function listQuotes(t: TestApp, user: AuthUser, query: string): Promise<QuoteList> {
  return jsonIf<QuoteList>(await call(t, user, 'GET', `/api/quotes?${query}`), 200, 'list quotes');
}
