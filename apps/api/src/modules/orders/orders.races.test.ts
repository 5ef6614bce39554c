import type { Order } from '@bulkwise/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { DB_KIND, type TestApp } from '../../../test/build-test-app';
import { useTestApp } from '../../../test/use-test-app';
import { bearer, createProduct, makeUser, placeOrder, call } from '../../../test/factories';

// Runs on both servers (npm test runs the API suite on the embedded PostgreSQL, then on TEST_DATABASE_URL),
// each request on its own pooled connection: the guards are proven under real concurrency.
// A second API instance on the same database, as a second process would be: each instance queues a
// product's writers in-process, so only requests split across instances race in the database itself.
let other: Awaited<ReturnType<TestApp['peer']>>;
const t = useTestApp();
beforeAll(async () => {
  other = await t.peer();
});

describe(`races on ${DB_KIND}`, () => {
  it("the buyer's cancel against the supplier's confirm on 50 orders at once: one winner each, stock back at most once", async () => {
    const supplier = makeUser('supplier');
    const initial = 10_000;
    const products = await Promise.all(
      [0, 1, 2, 3, 4].map(() => createProduct(t, supplier, { mainQuantity: initial, minSellingQuantity: 1 })),
    );
    const orders = await Promise.all(
      Array.from({ length: 50 }, async (_, i) => {
        const buyer = makeUser(`racer${i}`);
        const product = products[i % products.length]!;
        return {
          index: i,
          buyer,
          product,
          quantity: 10 + i,
          id: await placeOrder(t, buyer, product._id, 10 + i),
        };
      }),
    );

    const started = performance.now();
    // Each order gets the buyer's cancel twice (a double click) and the supplier's confirm, all at once.
    const answers = await Promise.all(
      orders.map(async (o) => {
        const buyerHeaders = await bearer(t, o.buyer);
        const supplierHeaders = await bearer(t, supplier);
        // The buyer and the supplier go through different instances, and half the pairs send the
        // confirm first.
        const [mine, theirs] = o.index % 2 === 0 ? [t.app, other] : [other, t.app];
        const calls = [
          () => mine.inject({ method: 'POST', url: `/api/orders/${o.id}/cancel`, headers: buyerHeaders }),
          () => mine.inject({ method: 'DELETE', url: `/api/cart/${o.id}`, headers: buyerHeaders }),
          () =>
            theirs.inject({ method: 'POST', url: `/api/orders/${o.id}/confirm`, headers: supplierHeaders }),
        ];
        const sequence = o.index % 4 < 2 ? [2, 0, 1] : [0, 1, 2];
        const answered: Awaited<ReturnType<(typeof calls)[number]>>[] = [];
        await Promise.all(sequence.map(async (k) => (answered[k] = await calls[k]!())));
        const [cancel, again, confirm] = answered as [
          (typeof answered)[number],
          (typeof answered)[number],
          (typeof answered)[number],
        ];
        return { ...o, cancel, again, confirm };
      }),
    );
    const elapsed = performance.now() - started;

    let cancelsWon = 0;
    for (const a of answers) {
      const final = (
        await t.app.inject({ method: 'GET', url: `/api/orders/${a.id}`, headers: await bearer(t, supplier) })
      ).json() as Order;
      if (final.status === 'cancelled') {
        cancelsWon++;
        // The confirm lost and says why; the buyer's other request either also cancelled (200/404) or lost.
        expect(a.confirm.statusCode).toBe(409);
        expect(a.confirm.json().message).toContain('This order is cancelled');
        expect(final.history.map((h) => h.status)).toEqual(['placed', 'cancelled']);
      } else {
        expect(final.status).toBe('confirmed');
        expect(a.confirm.statusCode).toBe(200);
        expect(a.cancel.statusCode).toBe(409);
        expect(a.again.statusCode).toBe(409);
        expect(final.history.map((h) => h.status)).toEqual(['placed', 'confirmed']);
      }
      expect([a.cancel.statusCode, a.confirm.statusCode]).toContain(200);
    }

    // Stock + quantities of the orders that stand = the initial stock, for every product.
    for (const product of products) {
      const stock = (await t.app.inject({ method: 'GET', url: `/api/products/${product._id}` })).json()
        .mainQuantity as number;
      const standing = (await call(t, supplier, 'GET', `/api/orders?status=confirmed&limit=100`))
        .json()
        .filter((o: Order) => o.product._id === product._id)
        .reduce((sum: number, o: Order) => sum + o.quantity, 0);
      expect(stock + standing).toBe(initial);
    }
    const summary = (
      await t.app.inject({ method: 'GET', url: '/api/orders/summary', headers: await bearer(t, supplier) })
    ).json();
    expect(summary).toEqual({
      placed: 0,
      confirmed: 50 - cancelsWon,
      shipped: 0,
      delivered: 0,
      cancelled: cancelsWon,
    });
    console.log(
      `[orders races/${DB_KIND}] 50 orders x (cancel, delete, confirm) at once in ${elapsed.toFixed(0)} ms: ${cancelsWon} cancelled, ${50 - cancelsWon} confirmed, stock conserved`,
    );
  });
});
