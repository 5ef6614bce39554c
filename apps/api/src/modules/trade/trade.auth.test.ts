import type { Invoice } from '@bulkwise/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/use-test-app';
import { createProduct, makeUser, moveOrder, type TestUser } from '../../../test/factories';
import { buy, call, grantNet, invoiceOfOrder } from '../../../test/trade';

const supplier = makeUser('supplier');
const buyer = makeUser('buyer');
const stranger = makeUser('stranger');
let accountId: string;
let invoice: Invoice;
const t = useTestApp();
beforeAll(async () => {
  const product = await createProduct(t, supplier, { price: 10, minSellingQuantity: 1 });
  accountId = (await grantNet(t, supplier, buyer, supplier.uid, 10_000))._id;
  const orderId = (await buy(t, buyer, product._id, 5)).json<{ cartItemId: string }>().cartItemId;
  await moveOrder(t, supplier, orderId, 'ship');
  invoice = (await invoiceOfOrder(t, supplier, orderId))!;
});

type Caller = 'buyer' | 'supplier' | 'stranger' | 'none';
const users: Record<Caller, TestUser | null> = { buyer, supplier, stranger, none: null };

interface Row {
  route: string;
  method: 'GET' | 'POST' | 'PUT';
  url: () => string;
  body?: object;
  expect: Record<Caller, number>;
}

const parties = { buyer: 200, supplier: 200, stranger: 404, none: 401 };
const supplierOnly = { buyer: 403, supplier: 200, stranger: 404, none: 401 };
const reason = { reason: 'Checking who may do this' };
const MATRIX: Row[] = [
  {
    route: 'list accounts',
    method: 'GET',
    url: () => '/api/trade-accounts?as=buyer',
    expect: { buyer: 200, supplier: 200, stranger: 200, none: 401 },
  },
  { route: 'get account', method: 'GET', url: () => `/api/trade-accounts/${accountId}`, expect: parties },
  {
    route: 'statement csv',
    method: 'GET',
    url: () => `/api/trade-accounts/${accountId}/statement.csv`,
    expect: parties,
  },
  {
    route: 'statement pdf',
    method: 'GET',
    url: () => `/api/trade-accounts/${accountId}/statement.pdf`,
    expect: parties,
  },
  {
    route: 'set terms',
    method: 'PUT',
    url: () => `/api/trade-accounts/${accountId}/terms`,
    body: { terms: 'net', netDays: 30, creditLimit: 10_000 },
    expect: supplierOnly,
  },
  {
    route: 'decline',
    method: 'POST',
    url: () => `/api/trade-accounts/${accountId}/decline`,
    body: reason,
    expect: supplierOnly,
  },
  {
    route: 'hold',
    method: 'POST',
    url: () => `/api/trade-accounts/${accountId}/hold`,
    body: reason,
    expect: supplierOnly,
  },
  {
    route: 'release',
    method: 'POST',
    url: () => `/api/trade-accounts/${accountId}/release`,
    body: reason,
    expect: supplierOnly,
  },
  {
    route: 'list invoices',
    method: 'GET',
    url: () => '/api/invoices?as=supplier',
    expect: { buyer: 200, supplier: 200, stranger: 200, none: 401 },
  },
  { route: 'get invoice', method: 'GET', url: () => `/api/invoices/${invoice._id}`, expect: parties },
  { route: 'invoice pdf', method: 'GET', url: () => `/api/invoices/${invoice._id}.pdf`, expect: parties },
  {
    route: 'record payment',
    method: 'POST',
    url: () => `/api/invoices/${invoice._id}/payments`,
    body: { amount: 1, paidOn: '2026-11-20', method: 'cash', reference: null },
    expect: supplierOnly,
  },
  {
    route: 'remittance',
    method: 'POST',
    url: () => `/api/invoices/${invoice._id}/remittance`,
    body: { amount: 1, reference: 'BACS' },
    expect: { buyer: 202, supplier: 403, stranger: 404, none: 401 },
  },
];

describe('authorisation of every trade route', () => {
  // Each route is tried by the supplier last, so a hold is placed before the release is asked for.
  for (const row of MATRIX) {
    it(`${row.method} ${row.route}: buyer ${row.expect.buyer}, supplier ${row.expect.supplier}, another user ${row.expect.stranger}, no token ${row.expect.none}`, async () => {
      for (const caller of ['none', 'stranger', 'buyer', 'supplier'] as const) {
        const res = await call(t, users[caller], row.method, row.url(), row.body);
        expect({ caller, status: res.statusCode }).toEqual({ caller, status: row.expect[caller] });
      }
    });
  }

  it("another user sees none of the two parties' accounts or invoices in their lists", async () => {
    const accounts = await call(t, stranger, 'GET', '/api/trade-accounts?as=buyer');
    expect(accounts.json()).toEqual([]);
    const invoices = await call(t, stranger, 'GET', '/api/invoices?as=buyer');
    expect(invoices.json()).toEqual({ items: [], nextCursor: null });
  });

  it('an unknown or malformed id is 404, never 500', async () => {
    for (const url of [
      '/api/trade-accounts/not-a-uuid',
      '/api/invoices/00000000-0000-0000-0000-000000000000',
      '/api/invoices/x.pdf',
    ])
      expect((await call(t, buyer, 'GET', url)).statusCode).toBe(404);
  });
});
