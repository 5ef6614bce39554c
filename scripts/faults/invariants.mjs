// The checks after any fault: the clients' ledger held against what the database (or the API) holds.
import pg from 'pg';
import { httpRequest } from './lib.mjs';

/**
 * The books must balance after any fault: per product, stock + the quantities in carts = the initial
 * stock; every acknowledged purchase not since removed is in the cart under the id the client was given;
 * every removed item is gone; an Idempotency-Key bought at most once; no refused purchase was stored.
 * `state` is what the database holds: { stock: Map(productId -> stock), items: [{ id, productId, quantity, key }] }
 * (key undefined when read through the API, which does not show it).
 */
export function checkInvariants(ledger, products, state) {
  const failures = [];
  let checks = 0;
  const check = (ok, message) => {
    checks++;
    if (!ok) failures.push(message);
  };
  const byId = new Map(state.items.map((i) => [i.id, i]));
  for (const product of products) {
    const inCarts = state.items
      .filter((i) => i.productId === product.id)
      .reduce((sum, i) => sum + i.quantity, 0);
    const stock = state.stock.get(product.id);
    check(stock >= 0, `product ${product.id}: negative stock ${stock}`);
    check(
      stock + inCarts === product.initialStock,
      `product ${product.id}: stock ${stock} + carts ${inCarts} != initial ${product.initialStock}`,
    );
  }
  const removed = new Set(ledger.removals.filter((r) => r.outcome === 'removed').map((r) => r.cartItemId));
  for (const p of ledger.purchases) {
    if (p.outcome === 'acknowledged') {
      const item = byId.get(p.cartItemId);
      if (removed.has(p.cartItemId)) check(!item, `removed cart item ${p.cartItemId} is still there`);
      else {
        check(
          item &&
            (item.key === undefined || item.key === p.key) &&
            item.quantity === p.quantity &&
            item.productId === p.productId,
          `acknowledged purchase ${p.key} (cart item ${p.cartItemId}) is missing`,
        );
      }
    }
    if (p.outcome === 'refused')
      check(!state.items.some((i) => i.key === p.key), `refused purchase ${p.key} was stored`);
  }
  // Every stored item is one acknowledged purchase: a second item for one key would be a duplicate.
  const expected = new Set(
    ledger.purchases
      .filter((p) => p.outcome === 'acknowledged' && !removed.has(p.cartItemId))
      .map((p) => p.cartItemId),
  );
  for (const item of state.items)
    check(expected.has(item.id), `cart item ${item.id} was never acknowledged to its buyer`);
  const keys = new Map();
  for (const item of state.items) if (item.key) keys.set(item.key, (keys.get(item.key) ?? 0) + 1);
  for (const [k, n] of keys) check(n === 1, `Idempotency-Key ${k} bought ${n} times`);
  const sent = new Set(ledger.purchases.map((p) => p.key));
  for (const item of state.items)
    check(!item.key || sent.has(item.key), `cart item ${item.id} has a key no client sent`);
  for (const p of ledger.purchases)
    check(p.outcome !== 'unresolved', `purchase ${p.key} never got a definite answer`);
  for (const r of ledger.removals)
    check(r.outcome !== 'unresolved', `removal of ${r.cartItemId} never got a definite answer`);
  for (const a of ledger.anomalies) check(false, a);
  return { checks, failures };
}

/** What PostgreSQL holds, read directly. */
export async function readPostgresState(url, products) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const ids = products.map((p) => p.id);
    const stock = await client.query('select id, main_quantity from products where id = any($1::uuid[])', [
      ids,
    ]);
    // A removed cart item is a cancelled order now: it stays, but it is no longer in the cart.
    const items = await client.query(
      "select id, product_id, quantity, idempotency_key from cart_items where status <> 'cancelled'",
    );
    return {
      stock: new Map(stock.rows.map((r) => [r.id, r.main_quantity])),
      items: items.rows.map((r) => ({
        id: r.id,
        productId: r.product_id,
        quantity: r.quantity,
        key: r.idempotency_key,
      })),
    };
  } finally {
    await client.end();
  }
}

/** What the API says (the embedded database cannot be read from outside while the API holds it). */
export async function readApiState(port, buyers, products) {
  const stock = new Map();
  for (const product of products) {
    const res = await httpRequest({ port, method: 'GET', path: `/api/products/${product.id}` });
    if (res.status !== 200) throw new Error(`GET product answered ${res.status ?? res.error}`);
    stock.set(product.id, res.json.mainQuantity);
  }
  // The cart answers no idempotency key; each buyer's keys are known from the ledger instead.
  const items = [];
  for (const buyer of buyers) {
    const res = await httpRequest({
      port,
      method: 'GET',
      path: `/api/cart?email=${encodeURIComponent(buyer.email)}`,
      headers: { authorization: `Bearer ${buyer.token}` },
    });
    if (res.status !== 200) throw new Error(`GET cart answered ${res.status ?? res.error}`);
    for (const item of res.json)
      items.push({ id: item._id, productId: item.product._id, quantity: item.quantity, buyer: buyer.uid });
  }
  return { stock, items };
}
