import type { Order, OrderSummary } from '@bulkwise/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/use-test-app';
import { bearer, makeUser, moveOrder, placeOrder, supplierWithProduct, call } from '../../../test/factories';
import type { ResponseCache } from '../../lib/cache/cache';
import { createOrdersReadCache, ordersTag } from './orders.cache';
import { within } from '../../../test/within';

// The desk's first pages and counts are kept in memory: these prove a reader never sees what an
// acknowledged order change replaced, on the instance that made it at once and on another within 100 ms.
let b: FastifyInstance;
const t = useTestApp();
beforeAll(async () => {
  b = await t.peer();
});

type User = ReturnType<typeof makeUser>;
interface Desk {
  ids: string[];
  statuses: string[];
  total: string;
  placedTotal: string;
  summary: OrderSummary;
  etag: string;
}

async function desk(app: FastifyInstance, supplier: User): Promise<Desk> {
  const headers = await bearer(t, supplier);
  const all = await app.inject({ method: 'GET', url: '/api/orders?limit=20', headers });
  const placed = await app.inject({ method: 'GET', url: '/api/orders?status=placed&limit=20', headers });
  const summary = await app.inject({ method: 'GET', url: '/api/orders/summary', headers });
  const orders = all.json() as Order[];
  return {
    ids: orders.map((o) => o._id),
    statuses: orders.map((o) => o.status),
    total: all.headers['x-total-count'] as string,
    placedTotal: placed.headers['x-total-count'] as string,
    summary: summary.json() as OrderSummary,
    etag: all.headers.etag as string,
  };
}

async function supplierWithOrders(count: number) {
  const { supplier, product } = await supplierWithProduct(t, { mainQuantity: 10_000, minSellingQuantity: 1 });
  const ids: string[] = [];
  for (let i = 0; i < count; i++) ids.push(await placeOrder(t, makeUser(`buyer${i}`), product._id, 5));
  return { supplier, product, ids };
}

describe('the cached desk after an acknowledged order change', () => {
  it('shows each move, a new purchase and a cart removal on the same instance at once', async () => {
    const { supplier, product, ids } = await supplierWithOrders(3);
    // Twice, so the second read is served from memory.
    for (let i = 0; i < 2; i++) expect((await desk(t.app, supplier)).summary.placed).toBe(3);
    const before = await desk(t.app, supplier);
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/orders?limit=20',
      headers: { ...(await bearer(t, supplier)), 'if-none-match': before.etag },
    });
    expect(again.statusCode).toBe(304);

    expect((await moveOrder(t, supplier, ids[0]!, 'confirm')).statusCode).toBe(200);
    let now = await desk(t.app, supplier);
    expect(now.statuses[2]).toBe('confirmed');
    expect([now.total, now.placedTotal]).toEqual(['3', '2']);
    expect(now.summary).toMatchObject({ placed: 2, confirmed: 1 });
    expect(now.etag).not.toBe(before.etag);

    const fourth = await placeOrder(t, makeUser('late-buyer'), product._id, 7);
    now = await desk(t.app, supplier);
    expect(now.ids[0]).toBe(fourth);
    expect([now.total, now.placedTotal]).toEqual(['4', '3']);

    const buyer = makeUser('remover');
    const removable = await placeOrder(t, buyer, product._id, 2);
    expect((await desk(t.app, supplier)).summary.placed).toBe(4);
    const removed = await call(t, buyer, 'DELETE', `/api/cart/${removable}`);
    expect(removed.statusCode).toBe(200);
    now = await desk(t.app, supplier);
    expect(now.statuses[0]).toBe('cancelled');
    expect(now.summary).toMatchObject({ placed: 3, confirmed: 1, cancelled: 1 });
    expect(now.placedTotal).toBe('3');
  });

  it('shows a move made on one instance on another within 100 ms, and back', async () => {
    const { supplier, product, ids } = await supplierWithOrders(2);
    for (const app of [t.app, b]) expect((await desk(app, supplier)).summary.placed).toBe(2);
    expect(
      (await moveOrder(t, supplier, ids[1]!, 'ship', { carrier: 'DHL', trackingNumber: 'JD1' })).statusCode,
    ).toBe(200);
    await within(
      100,
      () => desk(b, supplier),
      (d) => d.statuses[0] === 'shipped' && d.placedTotal === '1' && d.summary.shipped === 1,
    );

    const buyer = makeUser('peer-buyer');
    const bought = await b.inject({
      method: 'POST',
      url: `/api/products/purchase/${product._id}`,
      headers: await bearer(t, buyer),
      payload: { quantity: 3, address: '1 Quay Street, Bristol', phone: '+44 117 496 0000' },
    });
    expect(bought.statusCode).toBe(200);
    const id = (bought.json() as { cartItemId: string }).cartItemId;
    await within(
      100,
      () => desk(t.app, supplier),
      (d) => d.ids[0] === id && d.total === '3' && d.summary.placed === 2,
    );
  });

  it('shows a change made outside the API (a script on the database) on every instance within 100 ms', async () => {
    const { supplier, ids } = await supplierWithOrders(1);
    for (const app of [t.app, b]) expect((await desk(app, supplier)).statuses).toEqual(['placed']);
    await t.database.db.execute(sql`update cart_items set status = 'confirmed' where id = ${ids[0]}`);
    for (const app of [t.app, b])
      await within(
        100,
        () => desk(app, supplier),
        (d) => d.statuses[0] === 'confirmed' && d.summary.confirmed === 1,
      );
  });
});

describe('the orders read cache', () => {
  it('loads once for concurrent misses, and never hands a load begun before a change to a later reader', async () => {
    let cache: ResponseCache | undefined;
    const reads = createOrdersReadCache({ register: (c) => void (cache = c) });
    const bodies = ['"old"', '"new"'];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let loads = 0;
    const load = async () => {
      const body = bodies[loads++]!;
      await gate;
      return { body };
    };
    const early = Array.from({ length: 5 }, () => reads.read('k', 'supplier', load));
    expect(loads).toBe(1);
    // A change while the first load runs: a reader arriving now must not join it.
    cache!.invalidate([ordersTag('supplier')]);
    const late = reads.read('k', 'supplier', load);
    expect(loads).toBe(2);
    release();
    expect((await Promise.all(early)).map((r) => r.body)).toEqual(Array(5).fill('"old"'));
    expect((await late).body).toBe('"new"');
    expect((await reads.read('k', 'supplier', load)).body).toBe('"new"');
    expect(loads).toBe(2);
  });
});
