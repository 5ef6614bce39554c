import type { Order, OrderStatus } from '@bulkwise/contracts';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/use-test-app';
import {
  call,
  makeUser,
  supplierWithProduct,
  createProduct,
  updateProduct,
  placeOrder,
  moveOrder,
} from '../../../test/factories';
import type { OrderEvent } from './order-events';

const events: OrderEvent[] = [];
let failOn: OrderEvent['type'] | null = null;
const t = useTestApp({
  orderEvents: {
    record: async (_tx, event) => {
      if (event.type === failOn) throw new Error('the sink refused');
      events.push(event);
    },
  },
});

const stockOf = async (id: string) =>
  ((await t.app.inject({ method: 'GET', url: `/api/products/${id}` })).json() as { mainQuantity: number })
    .mainQuantity;
const getOrder = async (user: ReturnType<typeof makeUser>, id: string) =>
  call(t, user, 'GET', `/api/orders/${id}`);

type Actor = 'buyer' | 'supplier' | 'other' | 'none';
type Move = 'confirm' | 'ship' | 'deliver' | 'cancel';

/**
 * The issue's table written out by hand (not read from the contracts' table, which it checks):
 * the status a move leads to for each party, from which states.
 */
const ALLOWED: Record<Move, Partial<Record<Actor, { from: OrderStatus[]; to: OrderStatus }>>> = {
  confirm: { supplier: { from: ['placed'], to: 'confirmed' } },
  ship: { supplier: { from: ['placed', 'confirmed'], to: 'shipped' } },
  deliver: {
    buyer: { from: ['shipped'], to: 'delivered' },
    supplier: { from: ['shipped'], to: 'delivered' },
  },
  cancel: {
    buyer: { from: ['placed'], to: 'cancelled' },
    supplier: { from: ['placed', 'confirmed'], to: 'cancelled' },
  },
};

function expected(state: OrderStatus, move: Move, actor: Actor): { status: number; after: OrderStatus } {
  if (actor === 'none') return { status: 401, after: state };
  if (actor === 'other') return { status: 404, after: state };
  const rule = ALLOWED[move][actor];
  if (!rule) return { status: 403, after: state };
  if (rule.from.includes(state)) return { status: 200, after: rule.to };
  if (state === rule.to) return { status: 200, after: state };
  return { status: 409, after: state };
}

const STATES: OrderStatus[] = ['placed', 'confirmed', 'shipped', 'delivered', 'cancelled'];
const MOVES: Move[] = ['confirm', 'ship', 'deliver', 'cancel'];
const ACTORS: Actor[] = ['buyer', 'supplier', 'other', 'none'];

describe('every state x every move x every party', () => {
  it('answers as the table says, restores stock exactly on a cancel that happened, and keeps the history', async () => {
    const supplier = makeUser('supplier');
    const buyer = makeUser('buyer');
    const other = makeUser('other');
    const users = { buyer, supplier, other, none: null };
    const reach: Record<OrderStatus, Array<[ReturnType<typeof makeUser>, Move]>> = {
      placed: [],
      confirmed: [[supplier, 'confirm']],
      shipped: [[supplier, 'ship']],
      delivered: [
        [supplier, 'ship'],
        [buyer, 'deliver'],
      ],
      cancelled: [[buyer, 'cancel']],
    };
    const cells = STATES.flatMap((state) =>
      MOVES.flatMap((move) => ACTORS.map((actor) => ({ state, move, actor }))),
    );
    // One product per cell, so each cell's stock change is its own; ten cells run side by side.
    const runCell = async ({ state, move, actor }: (typeof cells)[number]) => {
      const product = await createProduct(t, supplier, { mainQuantity: 1_000, minSellingQuantity: 1 });
      const id = await placeOrder(t, buyer, product._id, 7);
      for (const [who, step] of reach[state])
        expect((await moveOrder(t, who, id, step)).statusCode).toBe(200);
      const before = (await getOrder(buyer, id)).json() as Order;
      const stockBefore = await stockOf(product._id);
      const body =
        move === 'cancel'
          ? { reason: 'Out of season' }
          : move === 'ship'
            ? { carrier: 'DHL', trackingNumber: 'JD0001' }
            : undefined;
      const res = await moveOrder(t, users[actor], id, move, body);
      const want = expected(state, move, actor);
      const after = (await getOrder(buyer, id)).json() as Order;
      const restored = (await stockOf(product._id)) - stockBefore;
      const moved = want.after !== state;
      const wantRestored = moved && want.after === 'cancelled' ? 7 : 0;
      const label = `${move} by ${actor} on ${state}`;
      const problems: string[] = [];
      if (res.statusCode !== want.status)
        problems.push(`${label}: got ${res.statusCode} ${res.body}, want ${want.status}`);
      if (after.status !== want.after) problems.push(`${label}: status ${after.status}, want ${want.after}`);
      if (restored !== wantRestored) problems.push(`${label}: restored ${restored}, want ${wantRestored}`);
      if (after.history.length !== before.history.length + (moved ? 1 : 0))
        problems.push(`${label}: history ${after.history.length}`);
      if (res.statusCode === 200 && JSON.stringify(res.json()) !== JSON.stringify(after))
        problems.push(`${label}: answer is not the order`);
      if (res.statusCode === 409 && !res.json().message.includes(`This order is ${state}`))
        problems.push(`${label}: ${res.body}`);
      return problems;
    };
    const failures: string[] = [];
    for (let i = 0; i < cells.length; i += 10)
      failures.push(...(await Promise.all(cells.slice(i, i + 10).map(runCell))).flat());
    expect(failures).toEqual([]);
    expect(cells).toHaveLength(STATES.length * MOVES.length * ACTORS.length);
  }, 180_000);
});

describe('moves', () => {
  it('records who did what and when, with the shipping details and the cancel reason', async () => {
    const { supplier, product } = await supplierWithProduct(t, {
      mainQuantity: 500,
      minSellingQuantity: 1,
      price: 19.99,
    });
    const buyer = makeUser('buyer');
    const shipped = await placeOrder(t, buyer, product._id, 3);
    await moveOrder(t, supplier, shipped, 'confirm');
    await moveOrder(t, supplier, shipped, 'ship', { carrier: '  UPS ', trackingNumber: '1Z999' });
    const received = (await moveOrder(t, buyer, shipped, 'deliver')).json() as Order;
    expect(received).toMatchObject({
      status: 'delivered',
      carrier: 'UPS',
      trackingNumber: '1Z999',
      quantity: 3,
      unitPrice: 19.99,
      total: 59.97,
    });
    expect(received.history.map((h) => [h.status, h.by])).toEqual([
      ['placed', 'buyer'],
      ['confirmed', 'supplier'],
      ['shipped', 'supplier'],
      ['delivered', 'buyer'],
    ]);
    const times = received.history.map((h) => Date.parse(h.at));
    expect(times).toEqual([...times].sort((a, b) => a - b));

    const cancelled = await placeOrder(t, buyer, product._id, 10);
    const res = await moveOrder(t, supplier, cancelled, 'cancel', { reason: 'Discontinued line' });
    expect(res.json()).toMatchObject({
      status: 'cancelled',
      cancelledBy: 'supplier',
      cancelReason: 'Discontinued line',
    });
    expect(await stockOf(product._id)).toBe(500 - 3);
  });

  it('requires a reason of the supplier (1 to 500 characters) but not of the buyer', async () => {
    const { supplier, product } = await supplierWithProduct(t, { mainQuantity: 500 });
    const buyer = makeUser('buyer');
    const id = await placeOrder(t, buyer, product._id, 10);
    for (const body of [undefined, {}, { reason: '   ' }, { reason: 'x'.repeat(501) }, { reason: 42 }]) {
      const res = await moveOrder(t, supplier, id, 'cancel', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    expect((await getOrder(buyer, id)).json().status).toBe('placed');
    const ok = await moveOrder(t, buyer, id, 'cancel');
    expect(ok.json()).toMatchObject({ status: 'cancelled', cancelledBy: 'buyer', cancelReason: null });
  });

  it('refuses carrier or tracking over 100 characters and stores blanks as null', async () => {
    const { supplier, product } = await supplierWithProduct(t, { mainQuantity: 500 });
    const id = await placeOrder(t, makeUser('buyer'), product._id, 10);
    expect((await moveOrder(t, supplier, id, 'ship', { carrier: 'x'.repeat(101) })).statusCode).toBe(400);
    expect((await moveOrder(t, supplier, id, 'ship', { trackingNumber: 'x'.repeat(101) })).statusCode).toBe(
      400,
    );
    const res = await moveOrder(t, supplier, id, 'ship', { carrier: '', trackingNumber: 'x'.repeat(100) });
    expect(res.json()).toMatchObject({ status: 'shipped', carrier: null, trackingNumber: 'x'.repeat(100) });
  });

  it('records every change as an event inside its transaction: a failing sink undoes the change', async () => {
    const { supplier, product } = await supplierWithProduct(t, { mainQuantity: 500, price: 2.5 });
    const buyer = makeUser('buyer');
    events.length = 0;
    const id = await placeOrder(t, buyer, product._id, 40);
    await moveOrder(t, supplier, id, 'confirm');
    expect(events.map((e) => [e.type, e.by])).toEqual([
      ['placed', 'buyer'],
      ['confirmed', 'supplier'],
    ]);
    expect(events[0]).toMatchObject({
      orderId: id,
      buyer: { uid: buyer.uid, email: buyer.email, name: buyer.name },
      supplier: { uid: supplier.uid, email: supplier.email, name: supplier.name },
      product: { id: product._id, name: 'Galvanised bolts M10' },
      quantity: 40,
      unitPrice: 2.5,
      total: 100,
      shipping: { address: '14 Harbour Road, Bristol', phone: '+44 117 496 0123' },
    });

    failOn = 'cancelled';
    try {
      const res = await moveOrder(t, supplier, id, 'cancel', { reason: 'Stock count wrong' });
      expect(res.statusCode).toBe(500);
      expect((await getOrder(buyer, id)).json()).toMatchObject({ status: 'confirmed', cancelReason: null });
      expect(await stockOf(product._id)).toBe(460);
      failOn = 'placed';
      const refused = await call(t, buyer, 'POST', `/api/products/purchase/${product._id}`, {
        quantity: 10,
        address: 'a',
        phone: '12345',
      });
      expect(refused.statusCode).toBe(500);
      expect(await stockOf(product._id)).toBe(460);
    } finally {
      failOn = null;
    }
  });
});

describe('what each party sees', () => {
  it("shows the order and the buyer's address and phone to its buyer and supplier only", async () => {
    const supplier = makeUser('supplier');
    const buyer = makeUser('buyer');
    const other = makeUser('other');
    const product = await createProduct(t, supplier, { mainQuantity: 500 });
    const id = await placeOrder(t, buyer, product._id, 10);
    for (const user of [buyer, supplier]) {
      const res = await getOrder(user, id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        _id: id,
        buyer: { email: buyer.email },
        shipping: { address: '14 Harbour Road, Bristol' },
      });
    }
    const hidden = await getOrder(other, id);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.body).not.toContain('Harbour');
    expect((await t.app.inject({ method: 'GET', url: `/api/orders/${id}` })).statusCode).toBe(401);
    const otherDesk = await call(t, other, 'GET', '/api/orders');
    expect(otherDesk.json()).toEqual([]);
    const buyerDesk = await call(t, buyer, 'GET', '/api/orders');
    expect(buyerDesk.json()).toEqual([]);
  });

  it('keeps the supplier and the product as sold when the product is edited or deleted', async () => {
    const { supplier, product } = await supplierWithProduct(t, { mainQuantity: 500, price: 4 });
    const buyer = makeUser('buyer');
    const id = await placeOrder(t, buyer, product._id, 10);
    await updateProduct(t, supplier, product._id, { name: 'Renamed', price: 9 });
    await call(t, supplier, 'DELETE', `/api/products/${product._id}`);
    const desk = (await call(t, supplier, 'GET', '/api/orders')).json() as Order[];
    expect(desk).toHaveLength(1);
    expect(desk[0]).toMatchObject({
      _id: id,
      unitPrice: 4,
      total: 40,
      product: { name: 'Galvanised bolts M10' },
    });
    const cancelled = await moveOrder(t, supplier, id, 'cancel', { reason: 'Product withdrawn' });
    expect(cancelled.json()).toMatchObject({ status: 'cancelled' });
  });
});
