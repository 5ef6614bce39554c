import type { TradeAccount } from '@bulkwise/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { DB_KIND, type TestApp } from '../../../test/build-test-app';
import { useTestApp } from '../../../test/use-test-app';
import { bearer, createProduct, makeUser, placeOrder, purchaseBody } from '../../../test/factories';
import { call, grantNet, invoicesOf } from '../../../test/trade';

// Both engines (npm test runs the API suite on each); requests split across two API instances, so the
// database's locks decide, not one process's queue.
let other: Awaited<ReturnType<TestApp['peer']>>;
const t = useTestApp();
beforeAll(async () => {
  other = await t.peer();
});

describe(`trade races on ${DB_KIND}`, () => {
  it('fifty simultaneous orders, each a tenth of the credit limit: exactly ten succeed', async () => {
    const supplier = makeUser('supplier');
    const buyer = makeUser('buyer');
    const products = await Promise.all(
      [0, 1, 2, 3, 4].map(() =>
        createProduct(t, supplier, { price: 10, minSellingQuantity: 1, mainQuantity: 100_000 }),
      ),
    );
    const account = await grantNet(t, supplier, buyer, supplier.uid, 1000);
    const headers = await bearer(t, buyer);
    const started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        (i % 2 ? other : t.app).inject({
          method: 'POST',
          url: `/api/products/purchase/${products[i % 5]!._id}`,
          headers,
          payload: purchaseBody(10),
        }),
      ),
    );
    const ms = Math.round(performance.now() - started);
    const codes = answers.map((a) => (a.statusCode === 200 ? 'ok' : a.json<{ code: string }>().code));
    expect(codes.filter((c) => c === 'ok')).toHaveLength(10);
    expect(codes.filter((c) => c === 'CREDIT_LIMIT')).toHaveLength(40);
    const after = (await call(t, buyer, 'GET', `/api/trade-accounts/${account._id}`)).json<TradeAccount>();
    expect(after).toMatchObject({ outstanding: 1000, available: 0 });
    const stock = await Promise.all(
      products.map(async (p) =>
        (await call(t, null, 'GET', `/api/products/${p._id}`)).json<{ mainQuantity: number }>(),
      ),
    );
    expect(stock.reduce((sum, p) => sum + (100_000 - p.mainQuantity), 0)).toBe(100);
    console.log(`[trade races ${DB_KIND}] 50 orders on one account: 10 placed, 40 refused in ${ms} ms`);
  });

  it('a hundred orders shipped at once get one hundred consecutive invoice numbers', async () => {
    const supplier = makeUser('supplier');
    const products = await Promise.all(
      [0, 1, 2, 3].map(() =>
        createProduct(t, supplier, { price: 3, minSellingQuantity: 1, mainQuantity: 100_000 }),
      ),
    );
    const buyers = Array.from({ length: 10 }, (_, i) => makeUser(`buyer${i}`));
    const orders: string[] = [];
    for (let i = 0; i < 100; i += 10) {
      orders.push(
        ...(await Promise.all(
          buyers.map((b, j) => placeOrder(t, b, products[(i + j) % products.length]!._id, 1 + j)),
        )),
      );
    }
    const headers = await bearer(t, supplier);
    const started = performance.now();
    const shipped = await Promise.all(
      orders.map((id, i) =>
        (i % 2 ? other : t.app).inject({ method: 'POST', url: `/api/orders/${id}/ship`, headers }),
      ),
    );
    const ms = Math.round(performance.now() - started);
    expect(shipped.map((s) => s.statusCode)).toEqual(orders.map(() => 200));
    const items = await invoicesOf(t, supplier, 'supplier');
    const seqs = items.map((i) => Number(i.number.slice(-6))).sort((a, b) => a - b);
    expect(seqs).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    expect(new Set(items.map((i) => i.orderId)).size).toBe(100);
    // Keyset pages of 30 walk the same hundred, each once.
    const seen: string[] = [];
    for (let cursor = ''; ;) {
      const page = (await call(t, supplier, 'GET', `/api/invoices?as=supplier&limit=30${cursor}`)).json<{
        items: Array<{ _id: string }>;
        nextCursor: string | null;
      }>();
      seen.push(...page.items.map((i) => i._id));
      if (!page.nextCursor) break;
      cursor = `&cursor=${page.nextCursor}`;
    }
    expect(new Set(seen).size).toBe(100);
    expect(seen).toHaveLength(100);
    console.log(`[trade races ${DB_KIND}] 100 shipments at once: numbers 1..100, no gap, in ${ms} ms`);
  });
});
