import type { Invoice, Order, TradeAccount } from '@bulkwise/contracts';
import { describe, expect, it } from 'vitest';
import { useClockedTestApp } from '../../../test/use-test-app';
import { makeUser, moveOrder, supplierWithProduct } from '../../../test/factories';
import {
  buy,
  call,
  daysAgo,
  grantNet,
  invoiceOfOrder,
  pay,
  pdfText,
  requestTerms,
  tradingPair,
  ordersShippedAt,
} from '../../../test/trade';

const { clock, t } = useClockedTestApp();

async function setup(creditLimit = 1000) {
  const { supplier, buyer, product, supplierId } = await tradingPair(t, { mainQuantity: 100_000 });
  const account = await grantNet(t, supplier, buyer, supplierId, creditLimit);
  return { supplier, buyer, product, supplierId, account };
}

describe('trade on account', () => {
  it('net 30 with a limit: orders on account up to the limit, invoice on ship, partial payments to paid', async () => {
    clock.set(new Date());
    const { supplier, buyer, product, account } = await setup(1000);
    expect(account).toMatchObject({
      terms: 'net',
      netDays: 30,
      creditLimit: 1000,
      available: 1000,
      status: 'active',
    });
    expect(account.history.map((h) => h.action)).toEqual(['requested', 'terms_set']);

    const first = await buy(t, buyer, product._id, 50, { poNumber: 'PO-7731' });
    expect(first.statusCode).toBe(200);
    const orderId = first.json<{ cartItemId: string }>().cartItemId;

    const refused = await buy(t, buyer, product._id, 51);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'CREDIT_LIMIT', available: 500 });
    expect(refused.json<{ message: string }>().message).toContain('$500.00');
    // Nothing was taken: the stock is as after the first order.
    const stock = await call(t, null, 'GET', `/api/products/${product._id}`);
    expect(stock.json<{ mainQuantity: number }>().mainQuantity).toBe(100_000 - 50);

    const order = (await call(t, buyer, 'GET', `/api/orders/${orderId}`)).json<Order>();
    expect(order).toMatchObject({ paymentTerms: 'net', poNumber: 'PO-7731' });
    expect(await invoiceOfOrder(t, supplier, orderId)).toBeUndefined();

    // The desk is read (and cached) before the payments below.
    expect((await call(t, supplier, 'GET', '/api/orders?status=shipped')).statusCode).toBe(200);
    expect((await moveOrder(t, supplier, orderId, 'ship')).statusCode).toBe(200);
    expect(
      (await call(t, supplier, 'GET', '/api/orders?status=shipped')).json<Order[]>()[0]?.invoice?.status,
    ).toBe('open');
    const invoice = (await invoiceOfOrder(t, supplier, orderId))!;
    const today = clock.now().toISOString().slice(0, 10);
    expect(invoice).toMatchObject({ status: 'open', total: 500, balance: 500, issuedOn: today });
    expect(invoice.number).toMatch(new RegExp(`^[0-9A-F]{6}-${today.slice(0, 4)}-000001$`));
    expect(Date.parse(invoice.dueOn) - Date.parse(invoice.issuedOn)).toBe(30 * 86_400_000);
    expect(invoice.snapshot).toMatchObject({
      poNumber: 'PO-7731',
      buyer: {
        companyName: 'Harbour Traders Ltd',
        taxId: 'GB123456789',
        billingAddress: '14 Harbour Road, Bristol',
      },
      line: { quantity: 50, unitPrice: 10, total: 500 },
      terms: 'net',
      netDays: 30,
    });

    const pdf = await call(t, buyer, 'GET', `/api/invoices/${invoice._id}.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(pdf.rawPayload);
    for (const s of [
      invoice.number,
      '$500.00',
      'PO-7731',
      'Harbour Traders Ltd',
      'GB123456789',
      `Due: ${invoice.dueOn}`,
    ])
      expect(text).toContain(s);
    const again = await call(t, supplier, 'GET', `/api/invoices/${invoice._id}.pdf`);
    expect(await pdfText(again.rawPayload)).toBe(text);

    const part = await pay(t, supplier, invoice._id, 200.1, 'payment-key-1');
    expect(part.json()).toMatchObject({ status: 'partially_paid', paid: 200.1, balance: 299.9 });
    const retried = await pay(t, supplier, invoice._id, 200.1, 'payment-key-1');
    expect(retried.json()).toMatchObject({ paid: 200.1, balance: 299.9 });
    expect((await pay(t, supplier, invoice._id, 299.91)).statusCode).toBe(409);
    const rest = await pay(t, supplier, invoice._id, 299.9, 'payment-key-2');
    expect(rest.json()).toMatchObject({ status: 'paid', paid: 500, balance: 0 });
    expect(rest.json<Invoice>().payments).toHaveLength(2);
    expect((await pay(t, supplier, invoice._id, 0.01)).statusCode).toBe(409);

    // The order shows its invoice's payment state, on the desk too (its cached reads were dropped).
    const seen = (await call(t, buyer, 'GET', `/api/orders/${orderId}`)).json<Order>();
    expect(seen.invoice).toMatchObject({ number: invoice.number, status: 'paid', balance: 0 });
    const desk = (await call(t, supplier, 'GET', '/api/orders?status=shipped')).json<Order[]>();
    expect(desk.find((o) => o._id === orderId)?.invoice?.status).toBe('paid');

    const remit = { amount: 10, reference: 'BACS 991' };
    expect((await call(t, buyer, 'POST', `/api/invoices/${invoice._id}/remittance`, remit)).statusCode).toBe(
      202,
    );
    expect(
      (await call(t, supplier, 'POST', `/api/invoices/${invoice._id}/remittance`, remit)).statusCode,
    ).toBe(403);

    const now = (await call(t, buyer, 'GET', `/api/trade-accounts/${account._id}`)).json<TradeAccount>();
    expect(now).toMatchObject({ outstanding: 0, available: 1000 });
    expect((await buy(t, buyer, product._id, 100)).statusCode).toBe(200);
  });

  it('a hold refuses orders with ACCOUNT_ON_HOLD until released; the reasons stay in the history', async () => {
    clock.set(new Date());
    const { supplier, buyer, product, account } = await setup(1000);
    const held = await call(t, supplier, 'POST', `/api/trade-accounts/${account._id}/hold`, {
      reason: 'Bounced cheque',
    });
    expect(held.json()).toMatchObject({ status: 'on_hold' });
    const refused = await buy(t, buyer, product._id, 1);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'ACCOUNT_ON_HOLD' });
    const released = await call(t, supplier, 'POST', `/api/trade-accounts/${account._id}/release`, {
      reason: 'Cleared',
    });
    expect(released.json<TradeAccount>().history.map((h) => [h.action, h.reason])).toEqual([
      ['requested', 'We order weekly'],
      ['terms_set', 'Net 30 days, credit limit $1,000.00'],
      ['hold', 'Bounced cheque'],
      ['released', 'Cleared'],
    ]);
    expect((await buy(t, buyer, product._id, 1)).statusCode).toBe(200);
  });

  it('an invoice past its due date is overdue and puts the account on hold at purchase time (test clock)', async () => {
    const { supplier, buyer, product } = await setup(1000);
    const orderId = (await buy(t, buyer, product._id, 10)).json<{ cartItemId: string }>().cartItemId;
    clock.set(daysAgo(31));
    await moveOrder(t, supplier, orderId, 'ship');
    const invoice = (await invoiceOfOrder(t, supplier, orderId))!;
    expect(invoice.status).toBe('open');
    clock.set(new Date());
    const later = (await call(t, buyer, 'GET', `/api/invoices/${invoice._id}`)).json<Invoice>();
    expect(later.status).toBe('overdue');
    const overdueTab = await call(t, buyer, 'GET', '/api/invoices?as=buyer&status=overdue');
    expect(overdueTab.json<{ items: Invoice[] }>().items.map((i) => i._id)).toEqual([invoice._id]);
    const refused = await buy(t, buyer, product._id, 1);
    expect(refused.json()).toMatchObject({ code: 'ACCOUNT_ON_HOLD' });
    await pay(t, supplier, invoice._id, 100);
    expect((await buy(t, buyer, product._id, 1)).statusCode).toBe(200);
  });

  it('prepay: invoiced on confirm, due at once; cancelling issues a credit note that voids it', async () => {
    clock.set(new Date());
    const { supplier, product } = await supplierWithProduct(t, { price: 2.5, minSellingQuantity: 1 });
    const buyer = makeUser('buyer');
    const orderId = (await buy(t, buyer, product._id, 4)).json<{ cartItemId: string }>().cartItemId;
    await moveOrder(t, supplier, orderId, 'confirm');
    const invoice = (await invoiceOfOrder(t, supplier, orderId))!;
    expect(invoice).toMatchObject({ total: 10, status: 'open', snapshot: { terms: 'prepay' } });
    expect(invoice.dueOn).toBe(invoice.issuedOn);
    await moveOrder(t, supplier, orderId, 'cancel', { reason: 'Out of stock' });
    const voided = (await call(t, buyer, 'GET', `/api/invoices/${invoice._id}`)).json<Invoice>();
    expect(voided).toMatchObject({ status: 'void', balance: 0, credited: 10, snapshot: invoice.snapshot });
    expect(voided.creditNote?.number).toMatch(/^[0-9A-F]{6}-CN-\d{4}-000001$/);
    // Requesting terms on an existing account keeps its history.
    const account = await requestTerms(t, buyer, supplier.uid);
    expect(account.status).toBe('requested');
  });
  it('the statement lists open items with aging buckets 0-30, 31-60, 61-90 and over 90 days, as CSV and PDF', async () => {
    const { supplier, buyer, product, account } = await setup(100_000);
    // Issued at four ages (net 30 would make the older ones overdue: fine for a statement).
    const parties = { supplier, buyer, productId: product._id };
    const orders = await ordersShippedAt(t, clock, parties, [5, 45, 75, 120]);
    const paid = (await invoiceOfOrder(t, supplier, orders[1]!))!;
    await pay(t, supplier, paid._id, 40);

    const csv = await call(t, buyer, 'GET', `/api/trade-accounts/${account._id}/statement.csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('invoice,issued,due,total,open,age days,bucket');
    const items = lines.slice(1, 5).map((l) => l.split(','));
    expect(items.map((c) => [c[4], c[6]])).toEqual([
      ['100.00', 'Over 90 days'],
      ['100.00', '61-90 days'],
      ['60.00', '31-60 days'],
      ['100.00', '0-30 days'],
    ]);
    expect(lines.slice(5).map((l) => l.split(',').slice(4).join(','))).toEqual([
      '100.00,,0-30 days',
      '60.00,,31-60 days',
      '100.00,,61-90 days',
      '100.00,,Over 90 days',
    ]);
    const seen = (await call(t, supplier, 'GET', `/api/trade-accounts/${account._id}`)).json<TradeAccount>();
    expect(seen.aging).toEqual({ current: 100, days31to60: 60, days61to90: 100, over90: 100 });
    expect(seen.outstanding).toBe(360);

    const pdf = await call(t, supplier, 'GET', `/api/trade-accounts/${account._id}/statement.pdf`);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('Over 90 days: $100.00');
    expect(text).toContain('31-60 days: $60.00');
  });
});
