import { ORDER_CSV_BATCH, type Order } from '@bulkwise/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { stampWithinOneMillisecond } from '../../../test/same-millisecond';
import { useTestApp } from '../../../test/use-test-app';
import {
  createProduct,
  makeUser,
  moveOrder,
  placeOrder,
  supplierWithProduct,
  call,
  type TestUser,
} from '../../../test/factories';

const t = useTestApp();

const get = async (user: TestUser, url: string) => call(t, user, 'GET', url);
const cart = async (user: TestUser, query = '') => (await get(user, `/api/cart${query}`)).json() as Order[];

describe('the supplier desk', () => {
  it('pages newest first with a cursor and a total, per status, with counts per status', async () => {
    const { supplier, product } = await supplierWithProduct(t, { mainQuantity: 10_000 });
    const rival = makeUser('rival');
    const rivalProduct = await createProduct(t, rival, { mainQuantity: 10_000 });
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(await placeOrder(t, makeUser(`buyer${i}`), product._id, 10 + i));
    await placeOrder(t, makeUser('elsewhere'), rivalProduct._id, 10);
    await moveOrder(t, supplier, ids[0]!, 'confirm');
    await moveOrder(t, supplier, ids[1]!, 'cancel', { reason: 'No stock' });

    const seen: string[] = [];
    let url = '/api/orders?limit=2';
    for (let page = 0; page < 5; page++) {
      const res = await get(supplier, url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-total-count']).toBe('5');
      seen.push(...(res.json() as Order[]).map((o) => o._id));
      const next = res.headers['x-next-cursor'];
      if (!next) break;
      url = `/api/orders?limit=2&cursor=${next}`;
    }
    expect(seen).toEqual([...ids].reverse());

    const placed = await get(supplier, '/api/orders?status=placed');
    expect(placed.headers['x-total-count']).toBe('3');
    expect((placed.json() as Order[]).map((o) => o._id)).toEqual([ids[4], ids[3], ids[2]]);
    expect((await get(supplier, '/api/orders/summary')).json()).toEqual({
      placed: 3,
      confirmed: 1,
      shipped: 0,
      delivered: 0,
      cancelled: 1,
    });
    expect((await get(rival, '/api/orders/summary')).json()).toEqual({
      placed: 1,
      confirmed: 0,
      shipped: 0,
      delivered: 0,
      cancelled: 0,
    });
  });

  it('pages every order exactly once when several were written within one millisecond', async () => {
    const { supplier, product } = await supplierWithProduct(t, { mainQuantity: 10_000 });
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) ids.push(await placeOrder(t, makeUser(`buyer${i}`), product._id, 10));
    // As a writer other than the purchase statement (the column default, an import) stores them.
    await stampWithinOneMillisecond(t.database.db, 'cart_items', 'purchased_at', ids);
    const seen: string[] = [];
    let url = '/api/orders?limit=1';
    for (let page = 0; page < 10; page++) {
      const res = await get(supplier, url);
      expect(res.statusCode).toBe(200);
      seen.push(...(res.json() as Order[]).map((o) => o._id));
      const next = res.headers['x-next-cursor'];
      if (!next) break;
      url = `/api/orders?limit=1&cursor=${next}`;
    }
    expect(seen).toEqual([...ids].reverse());
  });

  it('answers bad paging and filters with a 400, never a 500', async () => {
    const supplier = makeUser('supplier');
    for (const query of [
      'limit=0',
      'limit=101',
      'limit=x',
      'status=lost',
      'cursor=abc',
      `cursor=${Buffer.from('["2026-02-30T00:00:00.000Z","x"]').toString('base64url')}`,
      `cursor=${Buffer.from(`["2026-02-30T00:00:00.000123Z","${crypto.randomUUID()}"]`).toString('base64url')}`,
      `cursor=${Buffer.from(`["2026-01-01T00:00:00.0001Z","${crypto.randomUUID()}"]`).toString('base64url')}`,
    ]) {
      const res = await get(supplier, `/api/orders?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/orders' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/orders/summary' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/orders/export.csv' })).statusCode).toBe(401);
  });
});

describe('CSV export', () => {
  it("streams only this supplier's orders, with formula-like cells neutralised", async () => {
    const { supplier, product } = await supplierWithProduct(t, {
      name: '=HYPERLINK("http://evil.example","Click")',
      sku: 'BOLT-10',
      price: 19.99,
    });
    const rival = makeUser('rival');
    const rivalProduct = await createProduct(t, rival);
    const buyer = makeUser('buyer');
    const res0 = await call(t, buyer, 'POST', `/api/products/purchase/${product._id}`, {
      quantity: 30,
      address: '=HYPERLINK("http://evil.example")',
      phone: '+44 117 496 0123',
    });
    const mine = res0.json().cartItemId as string;
    const shipped = await placeOrder(t, buyer, product._id, 10);
    await moveOrder(t, supplier, shipped, 'ship', { carrier: '@carrier', trackingNumber: '-1' });
    const theirs = await placeOrder(t, buyer, rivalProduct._id, 10);

    const res = await get(supplier, '/api/orders/export.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="orders-all-/);
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'id,date,status,product,sku,quantity,unit price,total,buyer name,buyer email,phone,address,carrier,tracking,buyer email verified',
    );
    expect(lines).toHaveLength(3);
    expect(res.body).not.toContain(theirs);
    const row = lines.find((l) => l.startsWith(mine))!;
    // The SKU comes from the order's snapshot, next to the product's name.
    expect(row).toContain(`"'=HYPERLINK(""http://evil.example"",""Click"")",BOLT-10,30,`);
    expect(row).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    expect(row).toContain(',30,19.99,599.70,');
    expect(row).toContain(",'+44 117 496 0123,");
    expect(lines.find((l) => l.startsWith(shipped))).toMatch(/,'@carrier,'-1,yes$/);

    const onlyShipped = await get(supplier, '/api/orders/export.csv?status=shipped');
    expect(
      onlyShipped.body
        .trimEnd()
        .split('\r\n')
        .map((l) => l.split(',')[0]),
    ).toEqual(['id', shipped]);
    expect((await get(rival, '/api/orders/export.csv')).body).not.toContain(mine);
  });
});

describe('CSV export of full-width and line-break formulas', () => {
  it('neutralises cells starting with a line break or full-width = + - @, wherever the text came from', async () => {
    const { supplier, product } = await supplierWithProduct(t, {
      name: '＝HYPERLINK("http://evil.example","Click")',
    });
    // The buyer's name comes from the identity token: a display name may hold anything.
    const buyer = { ...makeUser('buyer'), name: '\n=cmd|" /C calc"!A0' };
    const order = await placeOrder(t, buyer, product._id, 10);
    await moveOrder(t, supplier, order, 'ship', { carrier: '＋carrier', trackingNumber: '＠track' });
    const other = await placeOrder(t, makeUser('buyer2'), product._id, 10);
    await moveOrder(t, supplier, other, 'ship', { carrier: '－1', trackingNumber: '＝1+1' });

    const body = (await get(supplier, '/api/orders/export.csv')).body;
    expect(body).toContain(`"'＝HYPERLINK(""http://evil.example"",""Click"")"`);
    expect(body).toContain(`"'\n=cmd|"" /C calc""!A0"`);
    expect(body).toContain(",'＋carrier,'＠track,yes\r\n");
    expect(body).toContain(",'－1,'＝1+1,yes\r\n");
  });
});

describe('CSV export of many orders', () => {
  it('exports every order exactly once across batches when more than a batch share one millisecond', async () => {
    const { supplier, product } = await supplierWithProduct(t, { mainQuantity: 10_000 });
    const first = await placeOrder(t, makeUser('buyer'), product._id, 10);
    // ORDER_CSV_BATCH + 1 copies within one millisecond: the first batch ends inside it.
    await t.database.db.execute(sql`
      insert into cart_items
      select (jsonb_populate_record(c, jsonb_build_object(
        'id', gen_random_uuid(),
        'idempotency_key', null,
        'purchased_at', timestamptz '2001-03-04 05:06:07.891000+00' + (g % 1000) * interval '1 microsecond'))).*
      from cart_items c cross join generate_series(1, ${ORDER_CSV_BATCH + 1}) g
      where c.id = ${first}`);
    const res = await get(supplier, '/api/orders/export.csv');
    expect(res.statusCode).toBe(200);
    const ids = res.body
      .trimEnd()
      .split('\r\n')
      .slice(1)
      .map((l) => l.split(',')[0]);
    expect(ids).toHaveLength(ORDER_CSV_BATCH + 2);
    expect(new Set(ids).size).toBe(ORDER_CSV_BATCH + 2);
  });
});

describe("My Cart is the buyer's list of orders", () => {
  it('lists orders that are not cancelled; status filters; all includes the cancelled ones', async () => {
    const { supplier, product } = await supplierWithProduct(t, { mainQuantity: 1000 });
    const buyer = makeUser('buyer');
    const kept = await placeOrder(t, buyer, product._id, 10);
    const cancelled = await placeOrder(t, buyer, product._id, 20);
    await moveOrder(t, supplier, cancelled, 'cancel', { reason: 'Damaged in storage' });
    expect((await cart(buyer)).map((o) => o._id)).toEqual([kept]);
    expect((await cart(buyer, `?email=${encodeURIComponent(buyer.email)}`)).map((o) => o._id)).toEqual([
      kept,
    ]);
    expect((await cart(buyer, '?status=all')).map((o) => o._id)).toEqual([cancelled, kept]);
    const [gone] = await cart(buyer, '?status=cancelled');
    expect(gone).toMatchObject({
      _id: cancelled,
      cancelledBy: 'supplier',
      cancelReason: 'Damaged in storage',
    });
    expect((await get(buyer, '/api/cart?status=lost')).statusCode).toBe(400);
  });

  it('removes a placed order (stock back once, 404 again) and refuses one the supplier acted on with 409', async () => {
    const { supplier, product } = await supplierWithProduct(t, { mainQuantity: 1000 });
    const buyer = makeUser('buyer');
    const remove = async (id: string) => call(t, buyer, 'DELETE', `/api/cart/${id}`);
    const stock = async () =>
      (await t.app.inject({ method: 'GET', url: `/api/products/${product._id}` })).json().mainQuantity;

    const placed = await placeOrder(t, buyer, product._id, 30);
    expect((await remove(placed)).json()).toEqual({
      removed: true,
      restoredQuantity: 30,
      updatedQuantity: 1000,
    });
    expect((await remove(placed)).statusCode).toBe(404);
    expect(await stock()).toBe(1000);

    for (const moves of [['confirm'], ['ship'], ['ship', 'deliver']]) {
      const id = await placeOrder(t, buyer, product._id, 10);
      for (const m of moves) await moveOrder(t, supplier, id, m);
      const before = await stock();
      const res = await remove(id);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toMatch(
        /^This order is (confirmed|shipped|delivered): the supplier has acted on it/,
      );
      expect(await stock()).toBe(before);
      expect((await cart(buyer)).map((o) => o._id)).toContain(id);
    }
  });
});
