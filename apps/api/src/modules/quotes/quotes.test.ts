import type { Order, Quote } from '@bulkwise/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useClockedTestApp } from '../../../test/use-test-app';
import { bearer, createProduct, makeUser, purchase, call } from '../../../test/factories';
import {
  DAY,
  getQuote,
  listQuotes,
  offerQuote,
  pricedLines,
  quoteCall,
  requestBody,
  requestQuote,
} from '../../../test/quote-factories';
import { sweepQuotes } from './quotes.sweep';

const { clock, t } = useClockedTestApp(new Date('2030-03-01T12:00:00Z'));

const supplier = makeUser('supplier');
const buyer = makeUser('buyer');
const stranger = makeUser('stranger');

async function products(n: number, overrides = {}) {
  return Promise.all(
    Array.from({ length: n }, (_, i) =>
      createProduct(t, supplier, {
        name: `Carton ${i}`,
        mainQuantity: 10_000,
        minSellingQuantity: 1000,
        price: 12.5,
        ...overrides,
      }),
    ),
  );
}

describe('a quote from request to orders', () => {
  it('request, offer, counter, offer again, accept: orders at the quoted prices, stock taken, list price unchanged', async () => {
    const items = await products(3);
    const ids = items.map((p) => p._id);
    const quote = await requestQuote(t, buyer, ids, 5000);
    expect(quote).toMatchObject({ status: 'requested', turn: 'supplier', currentVersion: 0, you: 'buyer' });
    expect(quote.supplier).toEqual({ id: supplier.uid, name: supplier.name });
    expect(quote.lines.map((l) => [l.productId, l.quantity, l.targetUnitPrice])).toEqual(
      ids.map((id) => [id, 5000, 9.5]),
    );

    const v1 = await offerQuote(t, supplier, quote, clock.now(), 10.25);
    expect(v1).toMatchObject({ status: 'offered', turn: 'buyer', currentVersion: 1, you: 'supplier' });
    const counter = await quoteCall(t, buyer, quote._id, 'counter', {
      lines: pricedLines(quote, 9.75),
      note: 'Meet me?',
    });
    expect(counter.statusCode).toBe(200);
    expect(counter.json()).toMatchObject({ status: 'countered', turn: 'supplier', currentVersion: 2 });
    const v3 = await offerQuote(t, supplier, quote, clock.now(), 9.99, 3 * DAY, 600);
    expect(v3.versions.map((v) => [v.number, v.by, v.lines[0]!.unitPrice])).toEqual([
      [1, 'supplier', 10.25],
      [2, 'buyer', 9.75],
      [3, 'supplier', 9.99],
    ]);
    // A stale version is refused and changes nothing.
    const stale = await quoteCall(t, buyer, quote._id, 'accept', { version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toContain('version 3');

    const accepted = await quoteCall(t, buyer, quote._id, 'accept', { version: 3 });
    expect(accepted.statusCode).toBe(200);
    const done = accepted.json() as Quote;
    expect(done).toMatchObject({ status: 'accepted', turn: null });
    expect(done.orderIds).toHaveLength(3);
    // Accepting again answers the same orders and takes nothing more.
    const again = await quoteCall(t, buyer, quote._id, 'accept', { version: 3 });
    expect(again.statusCode).toBe(200);
    expect((again.json() as Quote).orderIds).toEqual(done.orderIds);

    const cart = (
      await t.app.inject({ method: 'GET', url: '/api/cart', headers: await bearer(t, buyer) })
    ).json() as Order[];
    const fromQuote = cart.filter((o) => o.quote?.id === quote._id);
    // 600 is below the minimum order of 1000: the supplier offered it, so it stands.
    expect(fromQuote.map((o) => [o.quantity, o.unitPrice, o.total, o.quote?.version]).sort()).toEqual(
      Array.from({ length: 3 }, () => [600, 9.99, 5994, 3]),
    );
    for (const p of items) {
      const now = (await t.app.inject({ method: 'GET', url: `/api/products/${p._id}` })).json();
      expect(now.mainQuantity).toBe(10_000 - 600);
      expect(now.price).toBe(12.5);
    }
    const desk = (
      await t.app.inject({ method: 'GET', url: '/api/orders?limit=100', headers: await bearer(t, supplier) })
    ).json() as Order[];
    expect(desk.filter((o) => o.quote?.id === quote._id)).toHaveLength(3);
  });

  it('a short line answers 409 naming it, takes nothing, and leaves the quote offered', async () => {
    const [a, b] = await products(2);
    const quote = await requestQuote(t, buyer, [a!._id, b!._id], 2000);
    await offerQuote(t, supplier, quote, clock.now(), 11);
    const rival = makeUser('rival');
    expect((await purchase(t, rival, b!._id, 9000)).statusCode).toBe(200);
    const res = await quoteCall(t, buyer, quote._id, 'accept', { version: 1 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'INSUFFICIENT_STOCK' });
    expect(res.json().message).toContain('Carton 1');
    expect(res.json().message).toContain('1000 available');
    expect((await getQuote(t, buyer, quote._id)).status).toBe('offered');
    const stockA = (await t.app.inject({ method: 'GET', url: `/api/products/${a!._id}` })).json()
      .mainQuantity;
    expect(stockA).toBe(10_000);
  });

  it('an offer past validUntil is expired by the clock, for reads, lists, moves and the sweep', async () => {
    const [p] = await products(1);
    const quote = await requestQuote(t, buyer, [p!._id]);
    await offerQuote(t, supplier, quote, clock.now(), 10, 2 * DAY);
    clock.advance(2 * DAY + 1);
    try {
      expect(await getQuote(t, buyer, quote._id)).toMatchObject({ status: 'expired', turn: null });
      const res = await quoteCall(t, buyer, quote._id, 'accept', { version: 1 });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('This offer has expired');
      expect(
        (await quoteCall(t, buyer, quote._id, 'counter', { lines: pricedLines(quote, 9) })).statusCode,
      ).toBe(409);
      const list = await listQuotes(t, buyer, 'as=buyer&status=expired');
      expect(list.items.map((q) => q._id)).toContain(quote._id);
      await sweepQuotes(t.database.db, clock.now());
      expect((await getQuote(t, supplier, quote._id)).status).toBe('expired');
    } finally {
      clock.advance(-(2 * DAY + 1));
    }
  });

  it('the expiring email is queued once, however many sweeps run at once', async () => {
    const [p] = await products(1);
    const quote = await requestQuote(t, buyer, [p!._id]);
    await offerQuote(t, supplier, quote, clock.now(), 10, 20 * 60 * 60 * 1000);
    await Promise.all([0, 1, 2, 3].map(() => sweepQuotes(t.database.db, clock.now())));
    const rows = await t.database.db.execute(
      sql`select count(*)::int as n from notification_outbox where kind = 'quote.expiring' and payload->>'quoteId' = ${quote._id}`,
    );
    expect((rows as unknown as { rows: Array<{ n: number }> }).rows[0]!.n).toBe(1);
  });
});

describe('requests', () => {
  it('a double click with one Idempotency-Key makes one quote', async () => {
    const [p] = await products(1);
    const headers = { 'idempotency-key': `dbl-${Date.now()}` };
    const [a, b] = await Promise.all(
      [0, 1].map(() => quoteCall(t, buyer, null, '', requestBody([p!._id]), headers)),
    );
    expect([a!.statusCode, b!.statusCode]).toEqual([201, 201]);
    expect(a!.json()._id).toBe(b!.json()._id);
    const other = await quoteCall(t, buyer, null, '', requestBody([p!._id], 700), headers);
    expect(other.statusCode).toBe(409);
  });

  it.each([
    ['no lines', { lines: [] }, 'lines'],
    [
      '51 lines',
      { lines: Array.from({ length: 51 }, () => ({ productId: crypto.randomUUID(), quantity: 1 })) },
      'lines',
    ],
    ['a quantity of 0', { lines: [{ productId: crypto.randomUUID(), quantity: 0 }] }, 'lines.0.quantity'],
    [
      'a price with 3 decimals',
      { lines: [{ productId: crypto.randomUUID(), quantity: 5, targetUnitPrice: 1.234 }] },
      'lines.0.targetUnitPrice',
    ],
    ['a product id that is not one', { lines: [{ productId: 'x', quantity: 5 }] }, 'lines.0.productId'],
    ['a bad date', { neededBy: '2030-02-30x' }, 'neededBy'],
    ['no phone', { shipping: { address: 'Somewhere 1' } }, 'shipping.phone'],
  ])('%s is a 400 naming the field', async (_label, change, field) => {
    const [p] = await products(1);
    const res = await quoteCall(t, buyer, null, '', { ...requestBody([p!._id]), ...change });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields)).toContain(field);
  });

  it('unknown, own and other suppliers’ products and a past date are 400s naming the field', async () => {
    const [p] = await products(1);
    const elsewhere = await createProduct(t, makeUser('other-supplier'));
    const own = await createProduct(t, buyer);
    const cases: Array<[object, string]> = [
      [requestBody([p!._id, crypto.randomUUID()]), 'lines.1.productId'],
      [requestBody([p!._id, elsewhere._id]), 'lines.1.productId'],
      [requestBody([own._id]), 'lines.0.productId'],
      [requestBody([p!._id], 500, '2030-02-28'), 'neededBy'],
    ];
    for (const [body, field] of cases) {
      const res = await quoteCall(t, buyer, null, '', body);
      expect(res.statusCode, field).toBe(400);
      expect(Object.keys(res.json().fields)).toEqual([field]);
    }
  });

  it('offers are checked: every line priced, validUntil ahead and within 30 days', async () => {
    const [a, b] = await products(2);
    const quote = await requestQuote(t, buyer, [a!._id, b!._id]);
    const at = (ms: number) => new Date(clock.now().getTime() + ms).toISOString();
    const cases: Array<[object, string]> = [
      [{ lines: pricedLines(quote).slice(0, 1), validUntil: at(DAY) }, 'lines'],
      [
        {
          lines: [
            ...pricedLines(quote).slice(0, 1),
            { productId: crypto.randomUUID(), quantity: 1, unitPrice: 1 },
          ],
          validUntil: at(DAY),
        },
        'lines.1.productId',
      ],
      [{ lines: pricedLines(quote), validUntil: at(-1000) }, 'validUntil'],
      [{ lines: pricedLines(quote), validUntil: at(31 * DAY) }, 'validUntil'],
      [{ lines: pricedLines(quote, 0), validUntil: at(DAY) }, 'lines.0.unitPrice'],
    ];
    for (const [body, field] of cases) {
      const res = await quoteCall(t, supplier, quote._id, 'offer', body);
      expect(res.statusCode, field).toBe(400);
      expect(Object.keys(res.json().fields)).toContain(field);
    }
    expect((await getQuote(t, buyer, quote._id)).status).toBe('requested');
  });

  it('lists each side newest activity first with counts, and pages with a cursor', async () => {
    const lister = makeUser('lister');
    const [p] = await products(1);
    const made: Quote[] = [];
    for (let i = 0; i < 3; i++) {
      made.push(await requestQuote(t, lister, [p!._id]));
      clock.advance(1000);
    }
    await offerQuote(t, supplier, made[0]!, clock.now());
    const first = await listQuotes(t, lister, 'as=buyer&limit=2');
    expect(first.items.map((q) => q._id)).toEqual([made[0]!._id, made[2]!._id]);
    expect(first.counts).toMatchObject({ requested: 2, offered: 1, expiring: 0 });
    const next = await listQuotes(t, lister, `as=buyer&limit=2&cursor=${first.nextCursor}`);
    expect(next.items.map((q) => q._id)).toEqual([made[1]!._id]);
    expect(next.nextCursor).toBeNull();
    const awaiting = await call(t, lister, 'GET', '/api/quotes/awaiting');
    expect(awaiting.json()).toEqual({ count: 1 });
  });

  it('nobody but the two parties sees a quote or its moves (404), and no token is 401', async () => {
    const [p] = await products(1);
    const quote = await requestQuote(t, buyer, [p!._id]);
    const get = await call(t, stranger, 'GET', `/api/quotes/${quote._id}`);
    expect(get.statusCode).toBe(404);
    const anon = await t.app.inject({ method: 'GET', url: `/api/quotes/${quote._id}` });
    expect(anon.statusCode).toBe(401);
    const list = await listQuotes(t, stranger, 'as=supplier');
    expect(list.items).toEqual([]);
  });
});
