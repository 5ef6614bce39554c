import { BUSY_MESSAGES } from '@bulkwise/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { bearer, createProduct, makeUser, purchase, purchaseBody } from '../../../test/factories';

const BOUND = 4;
let t: TestApp;
beforeAll(async () => {
  // A small bound, so a test-sized flood reaches it.
  t = await buildTestApp({ config: { productQueueMaxPending: BOUND } });
});
afterAll(async () => t?.close());

describe('a flood of purchases of one product', () => {
  it('answers 503 with Retry-After beyond the bound instead of queueing without end, and loses no stock', async () => {
    const product = await createProduct(t, makeUser('supplier'), {
      mainQuantity: 10_000,
      minSellingQuantity: 1,
    });
    const headers = await Promise.all(Array.from({ length: 60 }, (_, i) => bearer(t, makeUser(`buyer${i}`))));
    // The product's row is held (a slow writer elsewhere), so the purchases pile up behind the first one.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let holding!: () => void;
    const held = new Promise<void>((resolve) => (holding = resolve));
    const holder = t.database.db.transaction(async (tx) => {
      await tx.execute(sql`select id from products where id = ${product._id} for update`);
      holding();
      await gate;
    });
    await held;
    let answered = 0;
    const flood = headers.map((h) =>
      t.app
        .inject({
          method: 'POST',
          url: `/api/products/purchase/${product._id}`,
          headers: h,
          payload: purchaseBody(1),
        })
        .finally(() => answered++),
    );
    // Everything beyond the bound is answered while the row is still held: nobody waits without end.
    const deadline = Date.now() + 10_000;
    while (answered < 60 - BOUND && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 10));
    expect(answered).toBe(60 - BOUND);
    release();
    await holder;
    const answers = await Promise.all(flood);

    const refused = answers.filter((a) => a.statusCode === 503);
    const bought = answers.filter((a) => a.statusCode === 200);
    expect([refused.length, bought.length]).toEqual([60 - BOUND, BOUND]);
    expect(refused[0]!.headers['retry-after']).toBe('1');
    expect(refused[0]!.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: BUSY_MESSAGES.product });
    const stock = (await t.app.inject({ method: 'GET', url: `/api/products/${product._id}` })).json()
      .mainQuantity;
    expect(stock).toBe(10_000 - BOUND);
    // Once the flood is over the product sells again.
    expect((await purchase(t, makeUser('later'), product._id, 1)).statusCode).toBe(200);
  });
});
