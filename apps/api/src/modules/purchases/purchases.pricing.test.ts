import { unitPriceFor, type PriceTier } from '@bulkwise/contracts';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/use-test-app';
import {
  bearer,
  createProduct,
  makeUser,
  purchaseBody,
  supplierWithProduct,
  cartLines,
  call,
  updateProduct,
  type TestUser,
} from '../../../test/factories';

const t = useTestApp();

const tiers: PriceTier[] = [
  { minQuantity: 100, price: 4.5 },
  { minQuantity: 500, price: 4.1 },
];

const buy = async (buyer: TestUser, productId: string, quantity: number, extra: object = {}) =>
  call(t, buyer, 'POST', `/api/products/purchase/${productId}`, { ...purchaseBody(quantity), ...extra });
const stockOf = async (id: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/products/${id}` })).json().mainQuantity;
const cartOf = (user: TestUser) => cartLines(t, user);

describe('the price a purchase is charged', () => {
  it.each([
    [10, 5],
    [99, 5],
    [100, 4.5],
    [499, 4.5],
    [500, 4.1],
    [2000, 4.1],
  ])('charges %i units at $%d each, answering unitPrice and total', async (quantity, unitPrice) => {
    const product = await createProduct(t, makeUser('supplier'), {
      mainQuantity: 5000,
      price: 5,
      priceTiers: tiers,
    });
    const buyer = makeUser('buyer');
    const res = await buy(buyer, product._id, quantity);
    expect(res.statusCode).toBe(200);
    const total = Math.round(quantity * unitPrice * 100) / 100;
    expect(res.json()).toMatchObject({ updatedQuantity: 5000 - quantity, unitPrice, total });
    const [item] = await cartOf(buyer);
    expect(item).toMatchObject({ quantity, unitPrice, total, product: { priceTiers: tiers } });
  });

  it('keeps what was charged in the cart when the supplier edits prices later', async () => {
    const { supplier, product } = await supplierWithProduct(t, { price: 5, priceTiers: tiers });
    const buyer = makeUser('buyer');
    await buy(buyer, product._id, 150);
    const edit = await updateProduct(t, supplier, product._id, {
      price: 9,
      priceTiers: [{ minQuantity: 100, price: 8 }],
    });
    expect(edit.statusCode).toBe(200);
    expect((await cartOf(buyer))[0]).toMatchObject({ unitPrice: 4.5, total: 675 });
  });

  it('answers a retried Idempotency-Key with the price first charged', async () => {
    const product = await createProduct(t, makeUser('supplier'), { price: 5, priceTiers: tiers });
    const buyer = makeUser('buyer');
    const key = { 'idempotency-key': 'tiered-retry-0001' };
    const first = await t.app.inject({
      method: 'POST',
      url: `/api/products/purchase/${product._id}`,
      headers: { ...(await bearer(t, buyer)), ...key },
      payload: purchaseBody(100),
    });
    const retry = await t.app.inject({
      method: 'POST',
      url: `/api/products/purchase/${product._id}`,
      headers: { ...(await bearer(t, buyer)), ...key },
      payload: purchaseBody(100),
    });
    expect(first.json()).toMatchObject({ unitPrice: 4.5, total: 450 });
    expect(retry.json()).toEqual(first.json());
  });
});

describe('expectedUnitPrice', () => {
  it('buys when it matches the server price', async () => {
    const product = await createProduct(t, makeUser('supplier'), { price: 5, priceTiers: tiers });
    const res = await buy(makeUser('buyer'), product._id, 100, { expectedUnitPrice: 4.5 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ unitPrice: 4.5, total: 450 });
  });

  it('answers 409 PRICE_CHANGED with the current unitPrice and takes no stock when it differs', async () => {
    const { supplier, product } = await supplierWithProduct(t, {
      mainQuantity: 1000,
      price: 5,
      priceTiers: tiers,
    });
    const buyer = makeUser('buyer');
    // The buyer saw $5.00 for 100 units (a page from before the breaks, say): the server charges $4.50.
    const stale = await buy(buyer, product._id, 100, { expectedUnitPrice: 5 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      code: 'PRICE_CHANGED',
      unitPrice: 4.5,
      message: 'The price has changed: the unit price is now $4.50.',
    });
    expect(await stockOf(product._id)).toBe(1000);
    expect(await cartOf(buyer)).toEqual([]);

    await updateProduct(t, supplier, product._id, { mainQuantity: 1000, price: 6 });
    const raised = await buy(buyer, product._id, 50, { expectedUnitPrice: 5 });
    expect(raised.statusCode).toBe(409);
    expect(raised.json()).toMatchObject({ code: 'PRICE_CHANGED', unitPrice: 6 });
    expect(await stockOf(product._id)).toBe(1000);

    const confirmed = await buy(buyer, product._id, 50, { expectedUnitPrice: 6 });
    expect(confirmed.json()).toMatchObject({ unitPrice: 6, total: 300, updatedQuantity: 950 });
  });

  it('answers the minimum order first when the quantity is refused anyway', async () => {
    const product = await createProduct(t, makeUser('supplier'), { mainQuantity: 40, price: 5 });
    const res = await buy(makeUser('buyer'), product._id, 10, { expectedUnitPrice: 5 });
    expect(res.statusCode).toBe(200);
    const under = await buy(makeUser('buyer'), product._id, 5, { expectedUnitPrice: 4 });
    expect(under.json()).toMatchObject({ code: 'BELOW_MINIMUM_ORDER' });
  });
});

describe('a price edit during a burst of purchases', () => {
  it('never charges a price that was not in force when that purchase took its stock', async () => {
    const supplier = makeUser('supplier');
    // The edit also resets the stock far above what the burst can reach, so each purchase's
    // updatedQuantity tells on which side of the edit it took its stock.
    const pricing = (mainQuantity: number, price: number, [from50, from100]: [number, number]) => ({
      mainQuantity,
      price,
      priceTiers: [
        { minQuantity: 50, price: from50 },
        { minQuantity: 100, price: from100 },
      ],
    });
    const before = pricing(100_000, 5, [4.5, 4]);
    const after = pricing(1_000_000, 7, [6.5, 6]);
    const product = await createProduct(t, supplier, before);
    const buyers = Array.from({ length: 60 }, (_, i) => makeUser(`burst${i}`));
    const quantities = [10, 49, 50, 99, 100, 150];
    const purchases = buyers.map((b, i) => () => buy(b, product._id, quantities[i % quantities.length]!));
    const edit = async () => updateProduct(t, supplier, product._id, after);

    const answers = await Promise.all([
      ...purchases.slice(0, 30).map((p) => p()),
      edit(),
      ...purchases.slice(30).map((p) => p()),
    ]);
    const edited = answers[30]!;
    expect(edited.statusCode).toBe(200);
    const bought = answers.filter((a, i) => i !== 30);
    expect(bought.map((a) => a.statusCode)).toEqual(Array(60).fill(200));

    const sides = { before: 0, after: 0 };
    for (const [i, answer] of bought.entries()) {
      const { updatedQuantity, unitPrice, total } = answer.json();
      const quantity = quantities[i % quantities.length]!;
      const side = updatedQuantity < before.mainQuantity ? 'before' : 'after';
      sides[side]++;
      expect(unitPrice, `${quantity} units with ${updatedQuantity} left`).toBe(
        unitPriceFor(side === 'before' ? before : after, quantity),
      );
      expect(total).toBe(Math.round(quantity * unitPrice * 100) / 100);
      const [item] = await cartOf(buyers[i]!);
      expect(item).toMatchObject({ unitPrice, total });
    }
    expect(sides.before + sides.after).toBe(60);
  });
});

describe('unit_price_for(), the SQL twin of unitPriceFor()', () => {
  it('agrees with the contracts rule on generated breaks and quantities', async () => {
    const cases = fc.sample(
      fc.record({
        cents: fc.integer({ min: 1, max: 100_000_000 }),
        tiers: fc.uniqueArray(
          fc.record({
            minQuantity: fc.integer({ min: 2, max: 10_000 }),
            cents: fc.integer({ min: 1, max: 100_000_000 }),
          }),
          { maxLength: 5, selector: (x) => x.minQuantity },
        ),
        quantity: fc.integer({ min: 1, max: 12_000 }),
      }),
      { numRuns: 150, seed: 14 },
    );
    for (const c of cases) {
      const product = {
        price: c.cents / 100,
        priceTiers: c.tiers.map((x) => ({ minQuantity: x.minQuantity, price: x.cents / 100 })),
      };
      // Unsorted on purpose: neither side may depend on the stored order.
      const result = await t.database.db.execute(
        sql`select unit_price_for(${product.price}::numeric, ${JSON.stringify(product.priceTiers)}::jsonb, ${c.quantity}::int) as p`,
      );
      const row = (result as unknown as { rows: Array<{ p: string | number }> }).rows[0]!;
      expect(Number(row.p), JSON.stringify(c)).toBe(unitPriceFor(product, c.quantity));
    }
  });
});
