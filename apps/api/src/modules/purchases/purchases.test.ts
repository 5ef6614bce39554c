import { PURCHASE_MESSAGES } from '@bulkwise/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { DB_KIND } from '../../../test/build-test-app';
import { useTestApp } from '../../../test/use-test-app';
import {
  bearer,
  createProduct,
  makeUser,
  purchase,
  purchaseBody,
  supplierWithProduct,
  cartLines,
  refusedTokens,
  call,
} from '../../../test/factories';

const t = useTestApp();

const stockOf = async (id: string) =>
  ((await t.app.inject({ method: 'GET', url: `/api/products/${id}` })).json() as { mainQuantity: number })
    .mainQuantity;
const cartOf = (user: ReturnType<typeof makeUser>) => cartLines(t, user);
/** A product some supplier lists (with `fields`), and a buyer for it. */
const listedForBuyer = async (fields: Parameters<typeof createProduct>[2] = {}) => ({
  product: await createProduct(t, makeUser('supplier'), fields),
  buyer: makeUser('buyer'),
});
const removeItem = async (user: ReturnType<typeof makeUser>, id: string, body?: object) =>
  t.app.inject({
    method: 'DELETE',
    url: `/api/cart/${id}`,
    headers: await bearer(t, user),
    ...(body ? { payload: body } : {}),
  });

describe('POST /api/products/purchase/:id', () => {
  it('takes the stock, answers updatedQuantity and records the item in the cart', async () => {
    const { product, buyer } = await listedForBuyer({ mainQuantity: 500, minSellingQuantity: 20 });
    const res = await purchase(t, buyer, product._id, 120);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ updatedQuantity: 380 });
    expect(await stockOf(product._id)).toBe(380);
    const cart = await cartOf(buyer);
    expect(cart).toHaveLength(1);
    expect(cart[0]).toMatchObject({
      quantity: 120,
      product: { _id: product._id, name: 'Galvanised bolts M10' },
    });
    expect(Number.isNaN(Date.parse(cart[0]!.purchaseDate))).toBe(false);
  });

  it('refuses under the minimum (400) and over the stock (409), naming the limit, buying nothing', async () => {
    const { product, buyer } = await listedForBuyer({ mainQuantity: 50, minSellingQuantity: 10 });
    const under = await purchase(t, buyer, product._id, 9);
    expect(under.statusCode).toBe(400);
    expect(under.json()).toMatchObject({
      code: 'BELOW_MINIMUM_ORDER',
      message: 'Minimum order quantity is 10',
    });
    const over = await purchase(t, buyer, product._id, 51);
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({
      code: 'INSUFFICIENT_STOCK',
      message: 'Maximum available quantity is 50',
    });
    expect(await stockOf(product._id)).toBe(50);
    expect(await cartOf(buyer)).toEqual([]);
  });

  it('takes the buyer from the token, not the body', async () => {
    const { product, buyer } = await listedForBuyer();
    const victim = makeUser('victim');
    const res = await call(t, buyer, 'POST', `/api/products/purchase/${product._id}`, {
      ...purchaseBody(10),
      userEmail: victim.email,
      userName: 'Victim',
    });
    expect(res.statusCode).toBe(200);
    expect(await cartOf(buyer)).toHaveLength(1);
    expect(await cartOf(victim)).toEqual([]);
  });

  it('stores quotes, backslashes and dollar signs exactly as sent: values reach the database as data', async () => {
    const { supplier, product } = await supplierWithProduct(t, { mainQuantity: 100, minSellingQuantity: 1 });
    const buyer = { ...makeUser('buyer'), name: `O'Brien \\ "$1" E'x' $$` };
    const address = `1 Quay St'); drop table products; -- \\' $2 $$q$$`;
    const headers = { ...(await bearer(t, buyer)), 'idempotency-key': `key'\\$1-${crypto.randomUUID()}` };
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/products/purchase/${product._id}`,
        headers,
        payload: { ...purchaseBody(2), address },
      });
    const res = await send();
    expect(res.statusCode).toBe(200);
    const order = await call(t, supplier, 'GET', `/api/orders/${res.json().cartItemId}`);
    expect(order.json()).toMatchObject({ buyer: { name: buyer.name }, shipping: { address } });
    // The key was stored as sent: sending it again answers the first purchase and buys nothing.
    expect((await send()).json()).toEqual(res.json());
    expect(await stockOf(product._id)).toBe(98);
  });

  it('does not let a supplier buy their own product', async () => {
    const { supplier, product } = await supplierWithProduct(t);
    const res = await purchase(t, supplier, product._id, 10);
    expect(res.statusCode).toBe(403);
    expect(await stockOf(product._id)).toBe(1000);
  });

  // Every rule is the contracts' (PurchaseBodySchema's tests); here, that a refused field answers 400.
  it.each([
    ['quantity', { quantity: '10' }],
    ['address', { address: '' }],
    ['phone', { phone: 'not a phone' }],
  ])('rejects a bad %s with 400', async (field, change) => {
    const product = await createProduct(t, makeUser('supplier'));
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/products/purchase/${product._id}`,
      headers: await bearer(t, makeUser('buyer')),
      payload: { ...purchaseBody(10), ...change },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty(field);
    expect(await stockOf(product._id)).toBe(1000);
  });

  it('404s for an unknown product', async () => {
    const res = await purchase(t, makeUser('buyer'), '00000000-0000-4000-8000-000000000000', 10);
    expect(res.statusCode).toBe(404);
  });

  it('buys once for a retried Idempotency-Key, and refuses the key for another product', async () => {
    const { supplier, product } = await supplierWithProduct(t, { mainQuantity: 100 });
    const other = await createProduct(t, supplier, { mainQuantity: 100 });
    const buyer = makeUser('buyer');
    const key = { 'idempotency-key': 'order-7f3a9c21' };
    const first = await purchase(t, buyer, product._id, 30, key);
    const retry = await purchase(t, buyer, product._id, 30, key);
    expect(first.statusCode).toBe(200);
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(first.json());
    expect(await stockOf(product._id)).toBe(70);
    expect(await cartOf(buyer)).toHaveLength(1);

    const reused = await purchase(t, buyer, other._id, 30, key);
    expect(reused.statusCode).toBe(409);
    expect(reused.json()).toMatchObject({ code: 'IDEMPOTENCY_MISMATCH' });
    expect(await stockOf(other._id)).toBe(100);
  });

  it('answers 409 IDEMPOTENCY_MISMATCH when a reused key comes with another quantity, address, phone or expected price', async () => {
    const { product, buyer } = await listedForBuyer({ mainQuantity: 100, minSellingQuantity: 10 });
    const key = 'mismatch-key-0001';
    const send = async (body: object) =>
      t.app.inject({
        method: 'POST',
        url: `/api/products/purchase/${product._id}`,
        headers: { ...(await bearer(t, buyer)), 'idempotency-key': key },
        payload: { ...purchaseBody(30), ...body },
      });
    const first = await send({});
    expect(first.statusCode).toBe(200);
    for (const changed of [
      { quantity: 40 },
      { address: '1 Other Street, Leeds' },
      { phone: '+44 113 496 0999' },
      { expectedUnitPrice: 0.5 },
    ]) {
      const res = await send(changed);
      expect(res.statusCode, JSON.stringify(changed)).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'IDEMPOTENCY_MISMATCH',
        message: PURCHASE_MESSAGES.idempotencyMismatch,
      });
    }
    // The same body, even with surrounding blanks the schema trims, still replays the first answer.
    const replay = await send({ address: `  ${purchaseBody(30).address} ` });
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(first.json());
    expect(await stockOf(product._id)).toBe(70);
    expect(await cartOf(buyer)).toHaveLength(1);
  });

  it('records in the cart the product as it was sold, exactly as GET /products/:id shows it', async () => {
    const { product, buyer } = await listedForBuyer({
      mainQuantity: 400,
      minSellingQuantity: 20,
      price: 18.5,
      rating: 4,
    });
    expect((await purchase(t, buyer, product._id, 25)).statusCode).toBe(200);
    const shown = (await t.app.inject({ method: 'GET', url: `/api/products/${product._id}` })).json();
    const [item] = await cartOf(buyer);
    expect(item!.product).toEqual(shown);
    expect(shown).toMatchObject({ mainQuantity: 375, price: 18.5, rating: 4 });
  });

  it('answers a retried Idempotency-Key with the first result even once the product sold out', async () => {
    const { product, buyer } = await listedForBuyer({ mainQuantity: 30, minSellingQuantity: 10 });
    const key = { 'idempotency-key': 'sold-out-retry-01' };
    const first = await purchase(t, buyer, product._id, 30, key);
    expect(first.json()).toMatchObject({ updatedQuantity: 0 });
    const retry = await purchase(t, buyer, product._id, 30, key);
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(first.json());
    expect((await purchase(t, makeUser('late'), product._id, 10)).statusCode).toBe(409);
  });

  it('buys once when the same key is sent many times at once', async () => {
    const { product, buyer } = await listedForBuyer({ mainQuantity: 1000 });
    const key = { 'idempotency-key': 'burst-0001-abcdef' };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => purchase(t, buyer, product._id, 10, key)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((a) => a.json().cartItemId)).size).toBe(1);
    expect(await stockOf(product._id)).toBe(990);
    expect(await cartOf(buyer)).toHaveLength(1);
  });
});

describe('cart', () => {
  it('lists newest first, only for the token owner', async () => {
    const { supplier, product: a } = await supplierWithProduct(t, { name: 'First' });
    const b = await createProduct(t, supplier, { name: 'Second' });
    const buyer = makeUser('buyer');
    await purchase(t, buyer, a._id, 10);
    await purchase(t, buyer, b._id, 10);
    expect((await cartOf(buyer)).map((i) => i.product.name)).toEqual(['Second', 'First']);

    const snoop = await t.app.inject({
      method: 'GET',
      url: `/api/cart?email=${encodeURIComponent(buyer.email)}`,
      headers: await bearer(t, makeUser('snoop')),
    });
    expect(snoop.statusCode).toBe(403);
  });

  it('removal restores the stored quantity once, ignoring the body', async () => {
    const { product, buyer } = await listedForBuyer({ mainQuantity: 200 });
    await purchase(t, buyer, product._id, 40);
    const [item] = await cartOf(buyer);
    const res = await removeItem(buyer, item!._id, { productId: product._id, quantity: 100000 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ removed: true, restoredQuantity: 40, updatedQuantity: 200 });
    expect(await stockOf(product._id)).toBe(200);
    expect(await cartOf(buyer)).toEqual([]);

    const again = await removeItem(buyer, item!._id);
    expect(again.statusCode).toBe(404);
    expect(await stockOf(product._id)).toBe(200);
  });

  it("refuses to remove another buyer's item", async () => {
    const { product, buyer } = await listedForBuyer({ mainQuantity: 200 });
    await purchase(t, buyer, product._id, 40);
    const [item] = await cartOf(buyer);
    const res = await removeItem(makeUser('thief'), item!._id);
    expect(res.statusCode).toBe(403);
    expect(await cartOf(buyer)).toHaveLength(1);
    expect(await stockOf(product._id)).toBe(160);
  });

  it("keeps past purchases in buyers' carts when the supplier deletes the product", async () => {
    const { supplier, product } = await supplierWithProduct(t, { name: 'Discontinued' });
    const buyer = makeUser('buyer');
    await purchase(t, buyer, product._id, 10);
    const del = await call(t, supplier, 'DELETE', `/api/products/${product._id}`);
    expect(del.statusCode).toBe(200);
    const cart = await cartOf(buyer);
    expect(cart).toHaveLength(1);
    expect(cart[0]!.product.name).toBe('Discontinued');
    const removed = await removeItem(buyer, cart[0]!._id);
    expect(removed.json()).toEqual({ removed: true, restoredQuantity: 10, updatedQuantity: null });
  });
});

describe('authorization matrix', () => {
  const owner = makeUser('owner');
  const other = makeUser('other');

  type Endpoint = {
    name: string;
    call: (headers: Record<string, string>) => Promise<number>;
    ownerStatus: number;
    otherStatus: number;
  };
  let endpoints: Endpoint[];

  beforeAll(async () => {
    const setup = async () => {
      const product = await createProduct(t, owner, { mainQuantity: 10_000 });
      const buyerProduct = await createProduct(t, other, { mainQuantity: 10_000 });
      await purchase(t, owner, buyerProduct._id, 10);
      const cartItemId = (await cartOf(owner))[0]!._id;
      return { product, buyerProduct, cartItemId };
    };
    const inject = async (
      method: 'GET' | 'POST' | 'PUT' | 'DELETE',
      url: string,
      headers: Record<string, string>,
      payload?: object,
    ) => (await t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) })).statusCode;
    endpoints = [
      {
        name: 'GET /products?email=',
        call: (h) => inject('GET', `/api/products?email=${encodeURIComponent(owner.email)}`, h),
        ownerStatus: 200,
        otherStatus: 403,
      },
      {
        name: 'POST /products',
        call: async (h) =>
          inject('POST', '/api/products', h, (await import('../../../test/factories')).productInput()),
        ownerStatus: 201,
        otherStatus: 201,
      },
      {
        name: 'PUT /products/:id',
        call: async (h) =>
          inject(
            'PUT',
            `/api/products/${(await setup()).product._id}`,
            h,
            (await import('../../../test/factories')).productInput(),
          ),
        ownerStatus: 200,
        otherStatus: 403,
      },
      {
        name: 'DELETE /products/:id',
        call: async (h) => inject('DELETE', `/api/products/${(await setup()).product._id}`, h),
        ownerStatus: 200,
        otherStatus: 403,
      },
      {
        name: 'POST /products/purchase/:id',
        call: async (h) =>
          inject('POST', `/api/products/purchase/${(await setup()).buyerProduct._id}`, h, purchaseBody(10)),
        ownerStatus: 200,
        // "other" owns that product: suppliers cannot buy their own stock.
        otherStatus: 403,
      },
      {
        name: 'GET /cart?email=',
        call: (h) => inject('GET', `/api/cart?email=${encodeURIComponent(owner.email)}`, h),
        ownerStatus: 200,
        otherStatus: 403,
      },
      {
        name: 'DELETE /cart/:id',
        call: async (h) => inject('DELETE', `/api/cart/${(await setup()).cartItemId}`, h),
        ownerStatus: 200,
        otherStatus: 403,
      },
    ];
  });

  const credentials: Array<[string, () => Promise<Record<string, string>>, 'owner' | 'other' | 401]> = [
    ['no token', async () => ({}), 401],
    ['malformed header', async () => ({ authorization: 'Bearer' }), 401],
    ['not a JWT', async () => ({ authorization: 'Bearer abc.def' }), 401],
    ['basic scheme', async () => ({ authorization: `Basic ${Buffer.from('a:b').toString('base64')}` }), 401],
    ['expired token', async () => ({ authorization: `Bearer ${(await refusedTokens(owner)).expired}` }), 401],
    [
      'wrong signature',
      async () => ({ authorization: `Bearer ${(await refusedTokens(owner)).forged}` }),
      401,
    ],
    ['another user', async () => bearer(t, other), 'other'],
    ['owner', async () => bearer(t, owner), 'owner'],
  ];

  it('answers every secured endpoint x credential with the expected status', async () => {
    const results: string[] = [];
    let cells = 0;
    for (const endpoint of endpoints) {
      for (const [label, headersFor, expected] of credentials) {
        const status = await endpoint.call(await headersFor());
        const want =
          expected === 'owner' ? endpoint.ownerStatus : expected === 'other' ? endpoint.otherStatus : 401;
        cells++;
        if (status !== want) results.push(`${endpoint.name} with ${label}: got ${status}, want ${want}`);
      }
    }
    expect(results).toEqual([]);
    expect(cells).toBe(7 * 8);
  });
});

// Real concurrency: each request has its own pooled connection and the row locks decide (both passes run it).
describe(`concurrency on ${DB_KIND}`, () => {
  it('200 simultaneous purchases of stock for 50: exactly 50 succeed, nothing oversold', async () => {
    const product = await createProduct(t, makeUser('supplier'), {
      mainQuantity: 500,
      minSellingQuantity: 10,
    });
    const buyers = Array.from({ length: 200 }, (_, i) => makeUser(`racer${i}`));
    const answers = await Promise.all(buyers.map((b) => purchase(t, b, product._id, 10)));
    const ok = answers.filter((a) => a.statusCode === 200);
    const refused = answers.filter((a) => a.statusCode === 409);
    expect(ok).toHaveLength(50);
    expect(refused).toHaveLength(150);
    expect(await stockOf(product._id)).toBe(0);
    const carts = await Promise.all(buyers.map(cartOf));
    expect(carts.flat().reduce((sum, item) => sum + item.quantity, 0)).toBe(500);
    // Every success saw a distinct stock level on its way down.
    expect(new Set(ok.map((a) => a.json().updatedQuantity)).size).toBe(50);
  });

  it('interleaved purchases and cart removals conserve stock', async () => {
    const initial = 2_000;
    const product = await createProduct(t, makeUser('supplier'), {
      mainQuantity: initial,
      minSellingQuantity: 5,
    });
    const buyers = Array.from({ length: 40 }, (_, i) => makeUser(`mixer${i}`));
    await Promise.all(buyers.map((b) => purchase(t, b, product._id, 25)));
    const firstItems = await Promise.all(buyers.map(async (b) => ({ b, item: (await cartOf(b))[0]! })));
    await Promise.all([
      ...firstItems.map(({ b, item }) => removeItem(b, item._id)),
      ...firstItems.map(({ b, item }) => removeItem(b, item._id)),
      ...buyers.map((b, i) => purchase(t, b, product._id, 5 + (i % 7))),
      ...buyers.map((b) => purchase(t, b, product._id, 60)),
    ]);
    const carts = await Promise.all(buyers.map(cartOf));
    const inCarts = carts.flat().reduce((sum, item) => sum + item.quantity, 0);
    expect((await stockOf(product._id)) + inCarts).toBe(initial);
  });
});
