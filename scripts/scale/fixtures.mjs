// What the scale checks share: a supplier and its products, a purchase, the database's items for a check.
import { randomUUID } from 'node:crypto';
import { readPostgresState } from '../faults/invariants.mjs';
import { httpRequest, tokenFor } from '../faults/lib.mjs';
import { PURCHASE_BODY } from '../faults/load.mjs';
import { roundRobin } from './cluster.mjs';

export const auth = (user) => ({ authorization: `Bearer ${user.token}` });

/** What the database holds for `products` only: the steps share one database. */
export async function ownItems(databaseUrl, products) {
  const state = await readPostgresState(databaseUrl, products);
  const ids = new Set(products.map((p) => p.id));
  return { ...state, items: state.items.filter((i) => ids.has(i.productId)) };
}

export async function makeSupplier() {
  const user = {
    uid: `scale-supplier-${randomUUID().slice(0, 8)}`,
    email: `scale-supplier@example.com`,
    name: 'Scale Supplier',
  };
  return { ...user, token: await tokenFor(user) };
}

export async function createProducts(port, supplier, count, { stock, min = 1, price = 10 }) {
  const products = [];
  for (let i = 0; i < count; i++) {
    const res = await httpRequest({
      port,
      method: 'POST',
      path: '/api/products',
      headers: auth(supplier),
      body: {
        image: 'https://images.example.com/scale.jpg',
        name: `Scale product ${i}`,
        brandName: 'Scale',
        category: 'Industrial Machinery & Tools',
        description: 'For the scale test.',
        mainQuantity: stock,
        minSellingQuantity: min,
        price,
        rating: 4,
      },
    });
    if (res.status !== 201)
      throw new Error(`create product answered ${res.status ?? res.error} ${res.text ?? ''}`);
    products.push({ id: res.json._id, initialStock: stock, quantity: min });
  }
  return products;
}

export const purchase = (port, buyer, product, key, quantity = product.quantity) =>
  httpRequest({
    port,
    method: 'POST',
    path: `/api/products/purchase/${product.id}`,
    headers: { ...auth(buyer), 'idempotency-key': key },
    body: { quantity, ...PURCHASE_BODY },
  });

/** `count` POST /api/jwt from `clientAddress` at once over the instances: how many the rate limit let through. */
export async function jwtAttempts(instances, clientAddress, count, next = roundRobin(instances)) {
  const statuses = await Promise.all(
    Array.from({ length: count }, () =>
      httpRequest({
        port: next(),
        method: 'POST',
        path: '/api/jwt',
        headers: { authorization: 'Bearer not-a-firebase-token', 'x-forwarded-for': clientAddress },
        body: {},
      }).then((r) => r.status ?? r.error),
    ),
  );
  return {
    through: statuses.filter((s) => s !== 429).length,
    errors: statuses.filter((s) => typeof s !== 'number' || s >= 500).length,
  };
}
