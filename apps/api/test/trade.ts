import type { Invoice, InvoicePage, TradeAccount } from '@bulkwise/contracts';
import { PDFParse } from 'pdf-parse';
import type { AuthUser } from '../src/modules/auth/tokens';
import type { TestApp } from './build-test-app';
import { call, jsonIf, makeUser, moveOrder, purchaseBody, supplierWithProduct } from './factories';
import type { TestClock } from './test-clock';

export { call };
export { testClock } from './test-clock';

export const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);

/** A supplier listing a product at 10 a unit from 1 (`mainQuantity` in stock) and a buyer, named after `label`. */
export async function tradingPair(t: TestApp, { mainQuantity = 10_000, label = '' } = {}) {
  const prefix = label ? `${label}-` : '';
  const listed = { price: 10, minSellingQuantity: 1, mainQuantity };
  const { supplier, product, supplierId } = await supplierWithProduct(t, listed, `${prefix}supplier`);
  return { supplier, buyer: makeUser(`${prefix}buyer`), product, supplierId };
}

/** The buyer asks the supplier for terms; answers the account. */
export async function requestTerms(t: TestApp, buyer: AuthUser, supplierId: string): Promise<TradeAccount> {
  const res = await call(t, buyer, 'POST', '/api/trade-accounts/request', {
    supplierId,
    companyName: 'Harbour Traders Ltd',
    taxId: 'GB123456789',
    billingAddress: '14 Harbour Road, Bristol',
    note: 'We order weekly',
  });
  return jsonIf(res, 201, 'request');
}

export async function setTerms(
  t: TestApp,
  supplier: AuthUser,
  accountId: string,
  body: { terms: 'net' | 'prepay'; netDays?: number; creditLimit: number },
): Promise<TradeAccount> {
  return jsonIf(await call(t, supplier, 'PUT', `/api/trade-accounts/${accountId}/terms`, body), 200, 'terms');
}

/** Net terms between the two: the buyer asks, the supplier grants. */
export async function grantNet(
  t: TestApp,
  supplier: AuthUser,
  buyer: AuthUser,
  supplierId: string,
  creditLimit: number,
  netDays = 30,
): Promise<TradeAccount> {
  const account = await requestTerms(t, buyer, supplierId);
  return setTerms(t, supplier, account._id, { terms: 'net', netDays, creditLimit });
}

export async function buy(
  t: TestApp,
  buyer: AuthUser,
  productId: string,
  quantity: number,
  extra: object = {},
) {
  return call(t, buyer, 'POST', `/api/products/purchase/${productId}`, {
    ...purchaseBody(quantity),
    ...extra,
  });
}

/** One order of `quantity` per age, each shipped (so invoiced) that many days ago; the clock is back at now after. */
export async function ordersShippedAt(
  t: TestApp,
  clock: TestClock,
  { supplier, buyer, productId }: { supplier: AuthUser; buyer: AuthUser; productId: string },
  ages: number[],
  quantity = 10,
): Promise<string[]> {
  const orders: string[] = [];
  for (const _ of ages)
    orders.push((await buy(t, buyer, productId, quantity)).json<{ cartItemId: string }>().cartItemId);
  for (const [i, age] of ages.entries()) {
    clock.set(daysAgo(age));
    await moveOrder(t, supplier, orders[i]!, 'ship');
  }
  clock.set(new Date());
  return orders;
}

export async function invoicesOf(t: TestApp, user: AuthUser, as: 'buyer' | 'supplier', query = '') {
  const res = await call(t, user, 'GET', `/api/invoices?as=${as}&limit=100${query}`);
  return jsonIf<InvoicePage>(res, 200, 'invoices').items;
}

export async function invoiceOfOrder(
  t: TestApp,
  user: AuthUser,
  orderId: string,
): Promise<Invoice | undefined> {
  return (await invoicesOf(t, user, 'supplier')).find((i) => i.orderId === orderId);
}

export async function pay(t: TestApp, supplier: AuthUser, invoiceId: string, amount: number, key?: string) {
  return call(
    t,
    supplier,
    'POST',
    `/api/invoices/${invoiceId}/payments`,
    { amount, paidOn: '2026-11-20', method: 'bank transfer', reference: 'REF-1' },
    key ? { 'idempotency-key': key } : {},
  );
}

export async function pdfText(body: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(body) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}
