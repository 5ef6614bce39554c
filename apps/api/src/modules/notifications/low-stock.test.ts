import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import {
  bearer,
  createProduct,
  makeUser,
  placeOrder,
  productInput,
  purchase,
  supplierWithProduct,
  call,
} from '../../../test/factories';
import { testOutboxWorker } from '../../../test/outbox-worker';
import { startSmtpCatcher, type SmtpCatcher } from '../../../test/smtp-catcher';
import { notificationOutbox } from '../../db/schema';
import { createAccountsRepository } from '../auth/accounts.repository';
import { LOW_STOCK_KIND, type LowStockMailPayload } from './low-stock-mail';

// Low-stock alerts (issue #27): one outbox row when a purchase or an edit takes the stock from at or
// above the threshold to below it, none again until it has been back at or above; decided on the
// product's row lock, so racing instances write one.
let t: TestApp;
let smtp: SmtpCatcher;
beforeAll(async () => {
  [t, smtp] = await Promise.all([buildTestApp(), startSmtpCatcher()]);
});
afterAll(async () => Promise.all([t?.close(), smtp?.close()]));

type User = ReturnType<typeof makeUser>;
const alertsFor = async (supplier: User) =>
  (
    await t.database.db
      .select()
      .from(notificationOutbox)
      .where(eq(notificationOutbox.recipientUid, supplier.uid))
  )
    .filter((r) => r.kind === LOW_STOCK_KIND)
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());

async function edit(supplier: User, id: string, changes: object) {
  const res = await call(t, supplier, 'PUT', `/api/products/${id}`, { ...productInput(), ...changes });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { lowStockThreshold: number | null; mainQuantity: number };
}

describe('low-stock alerts', () => {
  it('fire once on crossing, not on the next purchase, again after a restock and a new crossing', async () => {
    const { supplier, product } = await supplierWithProduct(t, {
      name: 'Hex nuts',
      mainQuantity: 100,
      minSellingQuantity: 10,
      lowStockThreshold: 50,
    });
    const buyer = makeUser('buyer');
    await placeOrder(t, buyer, product._id, 40); // 60: still above
    expect(await alertsFor(supplier)).toHaveLength(0);
    await placeOrder(t, buyer, product._id, 20); // 40: crosses
    const [first, ...none] = await alertsFor(supplier);
    expect(none).toHaveLength(0);
    expect(first).toMatchObject({ recipientEmail: supplier.email, status: 'pending' });
    expect(first!.payload).toEqual({
      productId: product._id,
      name: 'Hex nuts',
      sku: null,
      supplierName: supplier.name,
      stock: 40,
      threshold: 50,
      minimumOrder: 10,
    } satisfies LowStockMailPayload);
    await placeOrder(t, buyer, product._id, 10); // 30: still below, no second email
    expect(await alertsFor(supplier)).toHaveLength(1);

    // Back to exactly the threshold (at or above), then below again.
    await edit(supplier, product._id, {
      name: 'Hex nuts',
      mainQuantity: 50,
      minSellingQuantity: 10,
      lowStockThreshold: 50,
    });
    expect(await alertsFor(supplier)).toHaveLength(1);
    await placeOrder(t, buyer, product._id, 10);
    const again = await alertsFor(supplier);
    expect(again).toHaveLength(2);
    expect(again[1]!.payload).toMatchObject({ stock: 40 });
  });

  it('default to the minimum order; an edit that raises the threshold over the stock is a crossing', async () => {
    const { supplier, product } = await supplierWithProduct(t, { mainQuantity: 30, minSellingQuantity: 10 });
    expect(product).toMatchObject({ lowStockThreshold: null });
    await placeOrder(t, makeUser('buyer'), product._id, 15); // 15: above the minimum
    expect(await alertsFor(supplier)).toHaveLength(0);
    const edited = await edit(supplier, product._id, {
      mainQuantity: 15,
      minSellingQuantity: 10,
      lowStockThreshold: 20,
    });
    expect(edited.lowStockThreshold).toBe(20);
    expect((await alertsFor(supplier)).map((r) => r.payload)).toEqual([
      expect.objectContaining({ stock: 15, threshold: 20, minimumOrder: 10 }),
    ]);
    // A product created below its threshold crossed nothing.
    const other = makeUser('supplier');
    await createProduct(t, other, { mainQuantity: 5, minSellingQuantity: 10 });
    expect(await alertsFor(other)).toHaveLength(0);
  });

  it('two instances selling the last units at once write one alert', async () => {
    const { supplier, product } = await supplierWithProduct(t, {
      mainQuantity: 400,
      minSellingQuantity: 10,
      lowStockThreshold: 250,
    });
    const peer = await t.peer();
    const buyers = Array.from({ length: 12 }, (_, i) => makeUser(`buyer${i}`));
    const answers = await Promise.all(
      buyers.map(async (buyer, i) =>
        (i % 2 === 0 ? t.app : peer).inject({
          method: 'POST',
          url: `/api/products/purchase/${product._id}`,
          headers: await bearer(t, buyer),
          payload: { quantity: 25, address: '1 Quay Street', phone: '+44 117 496 0000' },
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(buyers.map(() => 200));
    expect(await alertsFor(supplier)).toHaveLength(1);
  });

  it('are mailed with a link to update the product, or skipped when the supplier turned them off', async () => {
    const worker = () => testOutboxWorker(t.database.db, smtp.url);
    const { supplier, product } = await supplierWithProduct(t, {
      name: 'Washers <M8> & co',
      mainQuantity: 60,
      minSellingQuantity: 10,
      lowStockThreshold: 30,
    });
    // Mail goes only to verified addresses (decision 0019); order emails off does not silence low-stock ones.
    await createAccountsRepository(t.database.db).record({
      uid: supplier.uid,
      email: supplier.email,
      emailVerified: true,
      issuedAt: Math.floor(Date.now() / 1000),
    });
    const headers = await bearer(t, supplier);
    const settings = (payload: object) =>
      t.app.inject({ method: 'PUT', url: '/api/settings', headers, payload });
    expect((await settings({ emailNotifications: false })).statusCode).toBe(200);
    await t.database.db.delete(notificationOutbox);
    smtp.messages.length = 0;
    expect((await purchase(t, makeUser('buyer'), product._id, 40)).statusCode).toBe(200);
    await worker().runOnce();
    const [mail] = await smtp.waitFor(1);
    expect(mail!.subject).toBe('Low stock: Washers <M8> & co (20 left)');
    expect(mail!.text).toContain(`https://market.example.com/update-product/${product._id}`);
    expect(mail!.html).toContain('Washers &lt;M8&gt; &amp; co');
    expect((await alertsFor(supplier)).map((r) => r.status)).toEqual(['sent']);

    expect((await settings({ lowStockEmails: false })).statusCode).toBe(200);
    await edit(supplier, product._id, {
      name: 'Washers',
      mainQuantity: 60,
      minSellingQuantity: 10,
      lowStockThreshold: 30,
    });
    await placeOrder(t, makeUser('buyer'), product._id, 40);
    await worker().runOnce();
    expect((await alertsFor(supplier)).map((r) => r.status)).toEqual(['sent', 'skipped']);
    expect(smtp.messages).toHaveLength(1);
  });
});
