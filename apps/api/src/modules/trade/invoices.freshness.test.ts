import type { Invoice, InvoicePage, InsightsReceivables, Order } from '@bulkwise/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { useClockedTestApp } from '../../../test/use-test-app';
import { bearer, makeUser, moveOrder } from '../../../test/factories';
import { buy, grantNet, pay, tradingPair } from '../../../test/trade';
import type { AuthUser } from '../auth/tokens';
import { within } from '../../../test/within';

// The invoices lists' first pages are kept in memory (invoices.cache.ts): these prove a reader never sees
// what an acknowledged write replaced, on the instance that made it at once and on another within 100 ms,
// and that "overdue" follows the clock with no write at all.
let b: FastifyInstance;
const { clock, t } = useClockedTestApp();
beforeAll(async () => {
  b = await t.peer();
});

async function get<T>(app: FastifyInstance, user: AuthUser, url: string): Promise<T> {
  const res = await app.inject({ method: 'GET', url, headers: await bearer(t, user) });
  if (res.statusCode !== 200) throw new Error(`GET ${url}: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** The first page of one side's list (one status tab, or all), read twice so the second comes from memory. */
async function list(app: FastifyInstance, user: AuthUser, as: 'buyer' | 'supplier', status?: string) {
  const url = `/api/invoices?as=${as}${status ? `&status=${status}` : ''}`;
  await get<InvoicePage>(app, user, url);
  return (await get<InvoicePage>(app, user, url)).items;
}
const states = (items: Invoice[]) => items.map((i) => [i.number, i.status, i.balance, i.payments.length]);

async function trading(name: string) {
  const { supplier, buyer, product, supplierId } = await tradingPair(t, { label: name });
  await grantNet(t, supplier, buyer, supplierId, 100_000);
  const order = async (who = buyer) => {
    const res = await buy(t, who, product._id, 10);
    expect(res.statusCode).toBe(200);
    return res.json<{ cartItemId: string }>().cartItemId;
  };
  return { supplier, buyer, order };
}

describe('the cached invoices lists after an acknowledged write', () => {
  it('show an issued invoice, each payment and a credit note on the same instance at once', async () => {
    clock.set(new Date());
    const { supplier, buyer, order } = await trading('same');
    const shipped = await order();
    expect(await list(t.app, supplier, 'supplier')).toEqual([]);
    expect(await list(t.app, buyer, 'buyer', 'open')).toEqual([]);

    expect((await moveOrder(t, supplier, shipped, 'ship')).statusCode).toBe(200);
    const [issued] = await list(t.app, buyer, 'buyer', 'open');
    expect(issued).toMatchObject({ orderId: shipped, status: 'open', balance: 100 });
    expect(states(await list(t.app, supplier, 'supplier'))).toEqual([[issued!.number, 'open', 100, 0]]);
    expect(await list(t.app, supplier, 'supplier', 'partially_paid')).toEqual([]);

    expect((await pay(t, supplier, issued!._id, 40)).statusCode).toBe(200);
    expect(await list(t.app, buyer, 'buyer', 'open')).toEqual([]);
    expect(states(await list(t.app, supplier, 'supplier', 'partially_paid'))).toEqual([
      [issued!.number, 'partially_paid', 60, 1],
    ]);
    expect(states(await list(t.app, buyer, 'buyer'))).toEqual([[issued!.number, 'partially_paid', 60, 1]]);

    expect((await pay(t, supplier, issued!._id, 60)).statusCode).toBe(200);
    expect(states(await list(t.app, buyer, 'buyer'))).toEqual([[issued!.number, 'paid', 0, 2]]);
    expect(await list(t.app, supplier, 'supplier', 'partially_paid')).toEqual([]);

    // A new buyer's first order is on prepay terms: invoiced on confirm, credited (void) on cancel.
    const prepayBuyer = makeUser('same-prepay-buyer');
    const prepaid = await order(prepayBuyer);
    expect(await list(t.app, prepayBuyer, 'buyer')).toEqual([]);
    expect(await list(t.app, supplier, 'supplier', 'void')).toEqual([]);
    expect((await moveOrder(t, supplier, prepaid, 'confirm')).statusCode).toBe(200);
    const [prepay] = await list(t.app, prepayBuyer, 'buyer');
    expect(prepay).toMatchObject({ orderId: prepaid, status: 'open', creditNote: null });
    const cancel = await moveOrder(t, supplier, prepaid, 'cancel', { reason: 'Out of stock' });
    expect(cancel.statusCode).toBe(200);
    expect(await list(t.app, prepayBuyer, 'buyer')).toMatchObject([{ status: 'void', balance: 0 }]);
    const [voided] = await list(t.app, supplier, 'supplier', 'void');
    expect(voided).toMatchObject({ _id: prepay!._id, creditNote: { amount: 100 } });
  });

  it('show a payment made on one instance on another within 100 ms, with the desk and receivables', async () => {
    clock.set(new Date());
    const { supplier, buyer, order } = await trading('peer');
    const orderId = await order();
    expect((await moveOrder(t, supplier, orderId, 'ship')).statusCode).toBe(200);
    const [invoice] = await list(b, supplier, 'supplier');
    expect(invoice).toMatchObject({ status: 'open', balance: 100 });
    const desk = () => get<Order[]>(b, supplier, '/api/orders?status=shipped');
    const receivables = () => get<InsightsReceivables>(b, supplier, '/api/insights/receivables');
    for (let i = 0; i < 2; i++) {
      expect((await desk())[0]?.invoice).toMatchObject({ status: 'open', balance: 100 });
      expect((await receivables()).outstanding).toBe(100);
      expect(await list(b, buyer, 'buyer', 'partially_paid')).toEqual([]);
    }

    expect((await pay(t, supplier, invoice!._id, 25)).statusCode).toBe(200);
    await within(
      100,
      () => list(b, supplier, 'supplier'),
      (items) => items[0]?.status === 'partially_paid' && items[0].balance === 75,
    );
    await within(
      100,
      () => list(b, buyer, 'buyer', 'partially_paid'),
      (items) => items.length === 1,
    );
    await within(100, desk, (orders) => orders[0]?.invoice?.status === 'partially_paid');
    await within(100, receivables, (r) => r.outstanding === 75);

    // A payment row written by a script (no API process told) reaches both instances through its own trigger.
    await t.database.db.execute(
      sql`insert into invoice_payments (invoice_id, amount_cents, paid_on, method, reference, recorded_by)
        values (${invoice!._id}, 500, '2026-11-20', 'cash', 'SCRIPT-1', ${supplier.uid})`,
    );
    for (const app of [t.app, b])
      await within(
        100,
        () => list(app, buyer, 'buyer'),
        (items) => items[0]?.payments.length === 2,
      );
  });

  it('show an invoice as overdue once the clock passes its due date, with no write (also on the desk)', async () => {
    const start = new Date();
    clock.set(start);
    const { supplier, buyer, order } = await trading('clock');
    const orderId = await order();
    expect((await moveOrder(t, supplier, orderId, 'ship')).statusCode).toBe(200);
    const [invoice] = await list(t.app, buyer, 'buyer', 'open');
    expect(invoice).toMatchObject({ orderId, status: 'open' });
    expect(await list(t.app, supplier, 'supplier', 'overdue')).toEqual([]);
    const deskInvoice = async () => {
      await get<Order[]>(t.app, supplier, '/api/orders?status=shipped');
      return (await get<Order[]>(t.app, supplier, '/api/orders?status=shipped'))[0]?.invoice?.status;
    };
    expect(await deskInvoice()).toBe('open');

    clock.set(new Date(Date.parse(`${invoice!.dueOn}T00:00:00Z`) + 86_400_000 + 60_000));
    try {
      expect(await list(t.app, buyer, 'buyer', 'open')).toEqual([]);
      expect(await list(t.app, supplier, 'supplier', 'overdue')).toMatchObject([
        { _id: invoice!._id, status: 'overdue' },
      ]);
      expect((await list(t.app, buyer, 'buyer'))[0]?.status).toBe('overdue');
      expect(await deskInvoice()).toBe('overdue');
    } finally {
      clock.set(start);
    }
  });
});
