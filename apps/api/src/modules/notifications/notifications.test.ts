import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createProduct, makeUser, purchase, supplierWithProduct } from '../../../test/factories';
import { testOutboxWorker } from '../../../test/outbox-worker';
import { startSmtpCatcher, type SmtpCatcher } from '../../../test/smtp-catcher';
import { cartItems, notificationOutbox } from '../../db/schema';
import { createAccountsRepository } from '../auth/accounts.repository';
import type { OrderEvent } from '../orders/order-events';
import { toOrderEvent } from '../orders/orders.mapper';
import { createOrderNotifications, toPayload } from './order-notifications';
import type { WorkerLog } from './outbox.worker';

const sink = createOrderNotifications();
let t: TestApp;
let smtp: SmtpCatcher;
beforeAll(async () => {
  [t, smtp] = await Promise.all([buildTestApp({ orderEvents: sink }), startSmtpCatcher()]);
});
afterAll(async () => Promise.all([t?.close(), smtp?.close()]));

const rows = () => t.database.db.select().from(notificationOutbox);
const rowsFor = async (orderId: string) =>
  (await rows()).filter((r) => (r.payload as { orderId: string }).orderId === orderId);

function orderEvent(overrides: Partial<OrderEvent> = {}): OrderEvent {
  const buyer = makeUser('buyer');
  const supplier = makeUser('supplier');
  return {
    type: 'placed',
    orderId: crypto.randomUUID(),
    at: new Date(),
    by: 'buyer',
    buyer: { uid: buyer.uid, name: buyer.name, email: buyer.email },
    supplier: { uid: supplier.uid, name: supplier.name, email: supplier.email },
    product: {
      id: crypto.randomUUID(),
      name: 'Galvanised bolts M10',
      image: 'https://images.example.com/bolts.jpg',
    },
    quantity: 120,
    unitPrice: 12.5,
    total: 1500,
    shipping: { address: '14 Harbour Road, Bristol', phone: '+44 117 496 0123' },
    carrier: null,
    trackingNumber: null,
    cancelReason: null,
    ...overrides,
  };
}
/** Records the event's outbox row; both parties have verified addresses (mail goes only to those). */
async function record(event: OrderEvent) {
  const accounts = createAccountsRepository(t.database.db);
  const issuedAt = Math.floor(Date.now() / 1000);
  for (const party of [event.buyer, event.supplier]) {
    await accounts.record({ uid: party.uid, email: party.email, emailVerified: true, issuedAt });
  }
  await t.database.db.transaction((tx) => sink.record(tx as never, event));
}

describe('order events write the outbox in their transaction', () => {
  it('a purchase writes exactly one row, for the product’s supplier', async () => {
    const { supplier, product } = await supplierWithProduct(t, { mainQuantity: 500, minSellingQuantity: 20 });
    const res = await purchase(t, makeUser('buyer'), product._id, 120);
    expect(res.statusCode).toBe(200);
    const written = await rowsFor(res.json().cartItemId);
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({
      kind: 'order.placed',
      recipientUid: supplier.uid,
      recipientEmail: supplier.email,
      status: 'pending',
      payload: { quantity: 120, unitPrice: 12.5, total: 1500, product: { name: 'Galvanised bolts M10' } },
    });
  });

  it('the event a purchase writes in its own statement is the one toOrderEvent makes of the stored order', async () => {
    const supplier = makeUser('supplier');
    // A break price in cents and an odd quantity: unit price and total are not round numbers.
    const product = await createProduct(t, supplier, {
      mainQuantity: 5000,
      minSellingQuantity: 3,
      price: 7.35,
      priceTiers: [{ minQuantity: 50, price: 6.99 }],
    });
    const res = await purchase(t, makeUser('buyer'), product._id, 53);
    expect(res.statusCode).toBe(200);
    const id = res.json().cartItemId as string;
    const [order] = await t.database.db.select().from(cartItems).where(eq(cartItems.id, id));
    const [written] = await rowsFor(id);
    expect(written!.payload).toEqual(toPayload(toOrderEvent(order!, 'placed', 'buyer', order!.purchasedAt)));
    expect(written!.payload).toMatchObject({ unitPrice: 6.99, total: 370.47 });
  });

  it('a refused purchase and a replayed Idempotency-Key (its insert rolls back) write nothing', async () => {
    const product = await createProduct(t, makeUser('supplier'), {
      mainQuantity: 50,
      minSellingQuantity: 10,
    });
    const buyer = makeUser('buyer');
    const before = (await rows()).length;
    expect((await purchase(t, buyer, product._id, 51)).statusCode).toBe(409);
    expect((await rows()).length).toBe(before);
    const key = { 'idempotency-key': crypto.randomUUID() };
    const first = await purchase(t, buyer, product._id, 10, key);
    const again = await purchase(t, buyer, product._id, 10, key);
    expect(again.json()).toEqual(first.json());
    expect((await rows()).length).toBe(before + 1);
  });

  it('simultaneous purchases: one row per acknowledged purchase, none for the refused', async () => {
    const { supplier, product } = await supplierWithProduct(t, { mainQuantity: 50, minSellingQuantity: 1 });
    const results = await Promise.all(
      Array.from({ length: 80 }, () => purchase(t, makeUser('buyer'), product._id, 1)),
    );
    const acknowledged = results
      .filter((r) => r.statusCode === 200)
      .map((r) => r.json().cartItemId as string);
    expect(acknowledged).toHaveLength(50);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(30);
    // The last unit sold also writes the product's low-stock alert (low-stock.test.ts): not an order row.
    const written = (await rows()).filter(
      (r) =>
        r.kind.startsWith('order.') && (r.payload as { product: { id: string } }).product.id === product._id,
    );
    expect(written.map((r) => (r.payload as { orderId: string }).orderId).sort()).toEqual(
      acknowledged.sort(),
    );
    expect(new Set(written.map((r) => r.recipientUid))).toEqual(new Set([supplier.uid]));
  });

  it.each([
    ['placed', 'buyer', 'order.placed', 'supplier'],
    ['confirmed', 'supplier', 'order.confirmed', 'buyer'],
    ['shipped', 'supplier', 'order.shipped', 'buyer'],
    ['delivered', 'buyer', 'order.delivered', 'buyer'],
    ['cancelled', 'supplier', 'order.cancelled_by_supplier', 'buyer'],
    ['cancelled', 'buyer', 'order.cancelled_by_buyer', 'supplier'],
  ] as const)('%s by the %s writes one %s row for the %s', async (type, by, kind, recipient) => {
    const event = orderEvent({ type, by });
    await record(event);
    const written = await rowsFor(event.orderId);
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({
      kind,
      recipientUid: event[recipient].uid,
      recipientEmail: event[recipient].email,
    });
  });

  it('an order change that rolls back leaves no row', async () => {
    const event = orderEvent();
    await expect(
      t.database.db.transaction(async (tx) => {
        await sink.record(tx as never, event);
        throw new Error('the order change failed after recording');
      }),
    ).rejects.toThrow('the order change failed');
    expect(await rowsFor(event.orderId)).toHaveLength(0);
  });
});

describe('the worker delivers the outbox over SMTP', () => {
  const logged: Array<{ level: string; msg: string; obj: object }> = [];
  const log: WorkerLog = {
    info: (obj, msg) => logged.push({ level: 'info', obj, msg }),
    warn: (obj, msg) => logged.push({ level: 'warn', obj, msg }),
    error: (obj, msg) => logged.push({ level: 'error', obj, msg }),
  };
  const worker = (maxAttempts = 3) =>
    testOutboxWorker(t.database.db, smtp.url, { mail: { maxAttempts }, log });
  /** Runs rounds until `done` holds: the worker's own polling, made explicit. */
  async function drain(w: ReturnType<typeof worker>, done: () => Promise<boolean>, timeoutMs = 10_000) {
    const deadline = Date.now() + timeoutMs;
    while (!(await done())) {
      if (Date.now() > deadline) throw new Error('the outbox did not settle in time');
      if ((await w.runOnce()) === 0) await new Promise((r) => setTimeout(r, 50));
    }
  }
  const statusOf = async (orderId: string) => (await rowsFor(orderId)).map((r) => r.status);

  beforeEach(async () => {
    await t.database.db.delete(notificationOutbox);
    smtp.messages.length = 0;
    smtp.refuse(false);
    logged.length = 0;
  });

  it('sends text and HTML with user values escaped, a Message-ID from the row, and marks it sent', async () => {
    const event = orderEvent({
      product: { id: null, name: 'Bolts <script>alert(1)</script> & nuts', image: '' },
    });
    await record(event);
    const [row] = await rowsFor(event.orderId);
    await worker().runOnce();
    const [mail] = await smtp.waitFor(1);
    expect(mail!.messageId).toBe(`<${row!.id}@bulkwise.test>`);
    expect((mail!.to as { text: string }).text).toBe(event.supplier.email);
    expect(mail!.subject).toBe('New order: 120 × Bolts <script>alert(1)</script> & nuts');
    expect(mail!.text).toContain('Quantity: 120');
    expect(mail!.text).toContain('Total: $1,500.00');
    expect(mail!.text).toContain('Open your orders: https://market.example.com/orders');
    expect(mail!.html).toContain('Bolts &lt;script&gt;alert(1)&lt;/script&gt; &amp; nuts');
    expect(mail!.html).not.toContain('<script>');
    expect(mail!.html).toContain('href="https://market.example.com/orders"');
    const [sent] = await rowsFor(event.orderId);
    expect(sent).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(sent!.sentAt).toBeInstanceOf(Date);
  });

  it('tells the buyer the carrier and tracking number, linking to My Cart', async () => {
    const event = orderEvent({
      type: 'shipped',
      by: 'supplier',
      carrier: 'DHL',
      trackingNumber: 'JD0146 <b>',
    });
    await record(event);
    await worker().runOnce();
    const [mail] = await smtp.waitFor(1);
    expect((mail!.to as { text: string }).text).toBe(event.buyer.email);
    expect(mail!.text).toContain('Carrier: DHL');
    expect(mail!.text).toContain('Tracking number: JD0146 <b>');
    expect(mail!.html).toContain('JD0146 &lt;b&gt;');
    expect(mail!.text).toContain('https://market.example.com/cart');
  });

  it('retries a refused mail with growing delays, then delivers it once the server accepts again', async () => {
    const event = orderEvent();
    await record(event);
    smtp.refuse(true);
    const w = worker(5);
    await w.runOnce();
    const [afterFirst] = await rowsFor(event.orderId);
    expect(afterFirst).toMatchObject({ status: 'pending', attempts: 1 });
    expect(afterFirst!.lastError).toMatch(/451/);
    expect(afterFirst!.availableAt.getTime()).toBeGreaterThan(Date.now() - 50);
    // Not due yet: an immediate round claims nothing.
    expect(await w.runOnce()).toBe(0);
    await drain(w, async () => (await rowsFor(event.orderId))[0]!.attempts >= 2);
    smtp.refuse(false);
    await drain(w, async () => (await statusOf(event.orderId))[0] === 'sent');
    expect(smtp.messages).toHaveLength(1);
  });

  it('marks a row failed after the attempt limit and logs it', async () => {
    const event = orderEvent();
    await record(event);
    smtp.refuse(true);
    const w = worker(2);
    await drain(w, async () => (await statusOf(event.orderId))[0] === 'failed');
    const [row] = await rowsFor(event.orderId);
    expect(row).toMatchObject({ status: 'failed', attempts: 2 });
    expect(logged.filter((l) => l.level === 'error')).toEqual([
      expect.objectContaining({
        msg: 'notification failed for good',
        obj: expect.objectContaining({ outboxId: row!.id }),
      }),
    ]);
    expect(await w.runOnce()).toBe(0);
    expect(smtp.messages).toHaveLength(0);
  });

  it('skips the mails of a recipient who turned order emails off, and sends again once on', async () => {
    const supplier = makeUser('supplier');
    const headers = { authorization: `Bearer ${await t.tokenFor(supplier)}` };
    const put = (emailNotifications: boolean) =>
      t.app.inject({ method: 'PUT', url: '/api/settings', headers, payload: { emailNotifications } });
    expect((await put(false)).statusCode).toBe(200);
    const party = { uid: supplier.uid, name: supplier.name, email: supplier.email };
    const muted = orderEvent({ supplier: party });
    await record(muted);
    await worker().runOnce();
    expect(await rowsFor(muted.orderId)).toEqual([
      expect.objectContaining({ status: 'skipped', lastError: 'recipient turned order emails off' }),
    ]);
    expect((await put(true)).statusCode).toBe(200);
    const heard = orderEvent({ supplier: party });
    await record(heard);
    await worker().runOnce();
    await smtp.waitFor(1);
    expect(smtp.messages.map((m) => m.subject)).toEqual(['New order: 120 × Galvanised bolts M10']);
    expect(await statusOf(heard.orderId)).toEqual(['sent']);
  });

  it('once started, delivers new rows by itself, and stops cleanly', async () => {
    const w = worker();
    w.start();
    try {
      const event = orderEvent();
      await record(event);
      const [mail] = await smtp.waitFor(1);
      expect(mail!.subject).toBe('New order: 120 × Galvanised bolts M10');
      await expect.poll(async () => statusOf(event.orderId)).toEqual(['sent']);
    } finally {
      await w.stop();
    }
  });

  it('two workers racing over one outbox send every row exactly once', async () => {
    const events = Array.from({ length: 30 }, () => orderEvent());
    for (const e of events) await record(e);
    const [a, b] = [worker(), worker()];
    const done = async () =>
      (
        await t.database.db
          .select({ n: sql<number>`count(*)::int` })
          .from(notificationOutbox)
          .where(eq(notificationOutbox.status, 'sent'))
      )[0]!.n === events.length;
    await Promise.all([drain(a, done), drain(b, done)]);
    const ids = smtp.messages.map((m) => m.messageId);
    expect(ids).toHaveLength(events.length);
    expect(new Set(ids).size).toBe(events.length);
  });
});

describe('the outbox does not keep personal data forever', () => {
  it("the worker's loop deletes sent and skipped rows after the retention, failed ones after theirs, nothing else", async () => {
    await t.database.db.delete(notificationOutbox);
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
    const row = (label: string, status: string, settled: Date, sentAt: Date | null = null) => ({
      kind: 'order.placed',
      recipientUid: label,
      recipientEmail: `${label}@example.com`,
      payload: { shipping: { address: '14 Harbour Road, Bristol', phone: '+44 117 496 0123' } },
      status,
      attempts: 1,
      availableAt: settled,
      createdAt: settled,
      sentAt,
    });
    await t.database.db.insert(notificationOutbox).values([
      row('sent-old', 'sent', daysAgo(31), daysAgo(31)),
      row('sent-recent', 'sent', daysAgo(29), daysAgo(29)),
      row('skipped-old', 'skipped', daysAgo(31)),
      row('failed-40-days', 'failed', daysAgo(40)),
      row('failed-old', 'failed', daysAgo(91)),
      // Not yet delivered, however old: kept (its next try is later).
      { ...row('pending-old', 'pending', new Date(Date.now() + 3_600_000)), createdAt: daysAgo(200) },
    ]);
    const worker = testOutboxWorker(t.database.db, smtp.url, {
      mail: { retentionDays: 30, failedRetentionDays: 90 },
    });
    const left = async () => (await rows()).map((r) => r.recipientUid).sort();
    const expected = ['failed-40-days', 'pending-old', 'sent-recent'];
    worker.start();
    try {
      const deadline = Date.now() + 10_000;
      while (JSON.stringify(await left()) !== JSON.stringify(expected) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    } finally {
      await worker.stop();
    }
    expect(await left()).toEqual(expected);
  });
});
