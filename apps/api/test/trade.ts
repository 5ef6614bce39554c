import type { Invoice, InvoicePage, TradeAccount } from '@bulkwise/contracts';
import { PDFParse } from 'pdf-parse';
import type { AuthUser } from '../src/modules/auth/tokens';
import type { TestApp } from './build-test-app';
import { bearer, purchaseBody } from './factories';

/** A clock the test sets: `now` is what the API takes as today. */
export function testClock(start = new Date()) {
  const clock = { at: start, now: () => clock.at, set: (at: Date) => (clock.at = at) };
  return clock;
}

export const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);

export async function call(
  t: TestApp,
  user: AuthUser | null,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method,
    url,
    headers: { ...(user ? await bearer(t, user) : {}), ...headers },
    ...(payload ? { payload } : {}),
  });
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
  if (res.statusCode !== 201) throw new Error(`request failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

export async function setTerms(
  t: TestApp,
  supplier: AuthUser,
  accountId: string,
  body: { terms: 'net' | 'prepay'; netDays?: number; creditLimit: number },
): Promise<TradeAccount> {
  const res = await call(t, supplier, 'PUT', `/api/trade-accounts/${accountId}/terms`, body);
  if (res.statusCode !== 200) throw new Error(`terms failed: ${res.statusCode} ${res.body}`);
  return res.json();
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

export async function invoicesOf(t: TestApp, user: AuthUser, as: 'buyer' | 'supplier', query = '') {
  const res = await call(t, user, 'GET', `/api/invoices?as=${as}&limit=100${query}`);
  if (res.statusCode !== 200) throw new Error(`invoices failed: ${res.statusCode} ${res.body}`);
  return (res.json() as InvoicePage).items;
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
