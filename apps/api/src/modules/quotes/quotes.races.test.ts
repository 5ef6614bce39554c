import type { Order, Quote } from '@bulkwise/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { DB_KIND, type TestApp } from '../../../test/build-test-app';
import { useTestApp } from '../../../test/use-test-app';
import { bearer, createProduct, makeUser, purchase, supplierWithProduct } from '../../../test/factories';
import { DAY, getQuote, offerQuote, pricedLines, requestQuote } from '../../../test/quote-factories';
import { testClock } from '../../../test/test-clock';

// Runs on both servers (npm test runs the API suite on the embedded PostgreSQL, then on TEST_DATABASE_URL),
// each request on its own pooled connection, split across two API instances.
const clock = testClock(new Date('2030-06-01T09:00:00Z'));
let other: Awaited<ReturnType<TestApp['peer']>>;
const t = useTestApp({ clock: clock.now });
beforeAll(async () => {
  other = await t.peer();
});

const stockOf = async (id: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/products/${id}` })).json().mainQuantity as number;

async function ordersOf(buyer: ReturnType<typeof makeUser>): Promise<Order[]> {
  return (
    await t.app.inject({ method: 'GET', url: '/api/cart', headers: await bearer(t, buyer) })
  ).json() as Order[];
}

describe(`quote races on ${DB_KIND}`, () => {
  it('accept against withdraw and against the supplier (decline or a new offer) on 50 quotes at once: one outcome each', async () => {
    const supplier = makeUser('supplier');
    const initial = 1_000_000;
    const [a, b] = await Promise.all(
      [0, 1].map(() => createProduct(t, supplier, { mainQuantity: initial, minSellingQuantity: 1 })),
    );
    const quotes = await Promise.all(
      Array.from({ length: 50 }, async (_, i) => {
        const buyer = makeUser(`racer${i}`);
        const q = await requestQuote(t, buyer, [a!._id, b!._id], 10 + i);
        return { i, buyer, quote: await offerQuote(t, supplier, q, clock.now(), 5, DAY) };
      }),
    );
    const started = performance.now();
    const answers = await Promise.all(
      quotes.map(async ({ i, buyer, quote }) => {
        const [mine, theirs] = i % 2 === 0 ? [t.app, other] : [other, t.app];
        const bh = await bearer(t, buyer);
        const sh = await bearer(t, supplier);
        const post = (app: typeof mine, headers: object, move: string, payload?: object) =>
          app.inject({
            method: 'POST',
            url: `/api/quotes/${quote._id}/${move}`,
            headers: headers as never,
            ...(payload ? { payload } : {}),
          });
        // Three requests per quote, as the orders races send: the buyer's accept and withdraw, and the
        // supplier's decline (even quotes) or a new offer (odd ones), which is never the supplier's turn.
        const supplierMove =
          i % 2 === 0
            ? post(theirs, sh, 'decline', { reason: 'Sold elsewhere' })
            : post(mine, sh, 'offer', {
                lines: pricedLines(quote, 4),
                validUntil: new Date(clock.now().getTime() + DAY).toISOString(),
              });
        const [accept, withdraw, supplierAnswer] = await Promise.all([
          post(mine, bh, 'accept', { version: 1 }),
          post(theirs, bh, 'withdraw'),
          supplierMove,
        ]);
        return { i, buyer, quote, accept: accept!, withdraw: withdraw!, supplierAnswer: supplierAnswer! };
      }),
    );
    const elapsed = performance.now() - started;
    const outcomes = { accepted: 0, withdrawn: 0, declined: 0 };
    let units = 0;
    for (const r of answers) {
      const final = await getQuote(t, r.buyer, r.quote._id);
      const closes = r.i % 2 === 0 ? [r.accept, r.withdraw, r.supplierAnswer] : [r.accept, r.withdraw];
      const winners = closes.filter((x) => x.statusCode === 200);
      if (r.i % 2 === 1) expect(r.supplierAnswer.statusCode).toBe(409);
      expect(['accepted', 'withdrawn', 'declined']).toContain(final.status);
      outcomes[final.status as keyof typeof outcomes]++;
      const orders = (await ordersOf(r.buyer)).filter((o) => o.quote?.id === r.quote._id);
      if (final.status === 'accepted') {
        expect(winners).toEqual([r.accept]);
        expect(orders).toHaveLength(2);
        expect(final.orderIds.sort()).toEqual(orders.map((o) => o._id).sort());
        units += orders[0]!.quantity;
      } else {
        expect(r.accept.statusCode).toBe(409);
        // The losing moves answer 409: exactly one of accept, withdraw and decline won.
        expect(winners).toHaveLength(1);
        expect(orders).toEqual([]);
        expect(final.orderIds).toEqual([]);
      }
    }
    expect(await stockOf(a!._id)).toBe(initial - units);
    expect(await stockOf(b!._id)).toBe(initial - units);
    console.log(
      `[quote races/${DB_KIND}] 50 quotes x (accept, withdraw, decline or offer) at once in ${elapsed.toFixed(0)} ms: ${outcomes.accepted} accepted, ${outcomes.withdrawn} withdrawn, ${outcomes.declined} declined; one outcome each, stock exact`,
    );
  });

  it('accepts competing with purchases for the last stock: never oversold, all or nothing per quote', async () => {
    const { supplier, product: scarce } = await supplierWithProduct(t, {
      mainQuantity: 1000,
      minSellingQuantity: 50,
    });
    const plenty = await createProduct(t, supplier, { mainQuantity: 100_000, minSellingQuantity: 50 });
    const offered: Array<{ buyer: ReturnType<typeof makeUser>; quote: Quote }> = await Promise.all(
      Array.from({ length: 12 }, async (_, i) => {
        const buyer = makeUser(`quoter${i}`);
        const q = await requestQuote(t, buyer, [scarce._id, plenty._id], 100);
        return { buyer, quote: await offerQuote(t, supplier, q, clock.now(), 3, DAY) };
      }),
    );
    const shoppers = Array.from({ length: 12 }, (_, i) => makeUser(`shopper${i}`));
    const started = performance.now();
    const [accepts, buys] = await Promise.all([
      Promise.all(
        offered.map(async ({ buyer, quote }, i) =>
          (i % 2 ? other : t.app).inject({
            method: 'POST',
            url: `/api/quotes/${quote._id}/accept`,
            headers: await bearer(t, buyer),
            payload: { version: 1 },
          }),
        ),
      ),
      Promise.all(shoppers.map((s) => purchase(t, s, scarce._id, 50))),
    ]);
    const elapsed = performance.now() - started;
    const acceptedCount = accepts.filter((r) => r.statusCode === 200).length;
    const boughtCount = buys.filter((r) => r.statusCode === 200).length;
    for (const r of accepts) expect([200, 409]).toContain(r.statusCode);
    for (const r of buys) expect([200, 409]).toContain(r.statusCode);
    for (const [k, { buyer, quote }] of offered.entries()) {
      const orders = (await ordersOf(buyer)).filter((o) => o.quote?.id === quote._id);
      const final = await getQuote(t, buyer, quote._id);
      if (accepts[k]!.statusCode === 200) {
        expect(final.status).toBe('accepted');
        expect(orders.map((o) => o.quantity)).toEqual([100, 100]);
      } else {
        expect(accepts[k]!.json().code).toBe('INSUFFICIENT_STOCK');
        expect(final.status).toBe('offered');
        expect(orders).toEqual([]);
      }
    }
    const left = await stockOf(scarce._id);
    expect(left).toBeGreaterThanOrEqual(0);
    expect(left + acceptedCount * 100 + boughtCount * 50).toBe(1000);
    expect(await stockOf(plenty._id)).toBe(100_000 - acceptedCount * 100);
    console.log(
      `[quote races/${DB_KIND}] 12 accepts (100 + 100) and 12 purchases (50) on 1000 units in ${elapsed.toFixed(0)} ms: ${acceptedCount} accepted, ${boughtCount} bought, ${left} left, never oversold`,
    );
  });
});
