// Checks 1 to 4 of `npm run test:scale` (5 and 6, the failures, are failures.mjs). Each returns
// { figure, failures } for the table.
import { randomUUID } from 'node:crypto';
import { checkInvariants, readPostgresState } from '../faults/invariants.mjs';
import { httpRequest, makeBuyers } from '../faults/lib.mjs';
import { roundRobin } from './cluster.mjs';
import { auth, createProducts, jwtAttempts, ownItems, purchase } from './fixtures.mjs';

/** 1. 300 purchases at once over 20 products, round robin: no oversell, nothing acknowledged lost. */
export async function concurrentPurchases({ instances, databaseUrl, supplier }) {
  const next = roundRobin(instances);
  const products = await createProducts(next(), supplier, 20, { stock: 12 });
  const buyers = await makeBuyers(30);
  /** @type {import('../faults/load.mjs').PurchaseLedger} */
  const ledger = { purchases: [], removals: [], anomalies: [] };
  await Promise.all(
    Array.from({ length: 300 }, async (_, i) => {
      const product = products[i % products.length];
      const buyer = buyers[i % buyers.length];
      const p = { key: randomUUID(), productId: product.id, quantity: 1, buyer: buyer.uid, tries: 1 };
      ledger.purchases.push(p);
      const res = await purchase(next(), buyer, product, p.key);
      if (res.status === 200) Object.assign(p, { outcome: 'acknowledged', cartItemId: res.json.cartItemId });
      else if (res.status === 409) p.outcome = 'refused';
      else {
        p.outcome = `unexpected ${res.status ?? res.error}`;
        ledger.anomalies.push(
          `purchase answered ${res.status ?? res.error} ${res.text?.slice(0, 120) ?? ''}`,
        );
      }
    }),
  );
  const { checks, failures } = checkInvariants(ledger, products, await ownItems(databaseUrl, products));
  const acked = ledger.purchases.filter((p) => p.outcome === 'acknowledged').length;
  if (acked !== 240)
    failures.push(`${acked} purchases acknowledged, expected exactly 240 (20 products x 12 in stock)`);
  return { figure: `${acked} acknowledged of 300 for 240 in stock, ${checks} invariant checks`, failures };
}

/** 2. POST /api/jwt: 90 attempts from one address over 3 instances, at most 30 let through. */
export async function sharedRateLimit({ instances }) {
  const { through, errors } = await jwtAttempts(instances, '203.0.113.2', 90);
  const failures = [];
  if (through > 30) failures.push(`${through} of 90 attempts were let through; the limit is 30 a minute`);
  if (errors > 0) failures.push(`${errors} attempts failed with 5xx or a network error`);
  // Without an Auth emulator no attempt can get a token: "let through" means not refused with 429.
  return { figure: `${through} of 90 let through (limit 30), ${errors} errors`, failures };
}

/** 3. A write through A is read from B and C within 100 ms, with their caches primed. */
export async function crossInstanceFreshness({ instances, supplier }) {
  const [a, ...others] = instances;
  const products = await createProducts(a.port, supplier, 5, { stock: 1000, min: 1 });
  const buyer = (await makeBuyers(1))[0];
  const failures = [];
  const delays = [];
  const read = async (port, id) =>
    (await httpRequest({ port, method: 'GET', path: `/api/products/${id}` })).json;
  for (let round = 0; round < 10; round++) {
    const product = products[round % products.length];
    for (const api of others) for (let i = 0; i < 2; i++) await read(api.port, product.id);
    let expect;
    if (round % 2 === 0) {
      const price = 20 + round;
      const res = await httpRequest({
        port: a.port,
        method: 'PUT',
        path: `/api/products/${product.id}`,
        headers: auth(supplier),
        body: {
          image: 'https://images.example.com/scale.jpg',
          name: `Scale product r${round}`,
          brandName: 'Scale',
          category: 'Industrial Machinery & Tools',
          description: 'For the scale test.',
          mainQuantity: 1000 - round,
          minSellingQuantity: 1,
          price,
          rating: 4,
        },
      });
      if (res.status !== 200) failures.push(`update answered ${res.status ?? res.error}`);
      expect = (p) => p?.price === price && p?.name === `Scale product r${round}`;
    } else {
      const res = await purchase(a.port, buyer, product, randomUUID(), 3);
      if (res.status !== 200) failures.push(`purchase answered ${res.status ?? res.error}`);
      const stock = res.json?.updatedQuantity;
      expect = (p) => p?.mainQuantity === stock;
    }
    // A read counts from when it was sent: one that left more than 100 ms after the answer must be fresh.
    const acked = performance.now();
    await Promise.all(
      others.map(async (api) => {
        for (;;) {
          const sent = performance.now() - acked;
          if (expect(await read(api.port, product.id))) return delays.push(sent);
          if (sent > 100)
            return failures.push(
              `round ${round}: ${api.name} still showed the old product to a read sent ${Math.round(sent)} ms after the write`,
            );
        }
      }),
    );
  }
  const max = delays.length ? Math.max(...delays) : NaN;
  return {
    figure: `20 reads after 10 writes: first fresh read sent at most ${max.toFixed(1)} ms after the write's answer (limit 100)`,
    failures,
  };
}

/** 4. One Idempotency-Key sent to all three instances at once buys once. */
export async function idempotencyAcrossInstances({ instances, databaseUrl, supplier }) {
  const [product] = await createProducts(instances[0].port, supplier, 1, { stock: 1000, min: 2 });
  const buyer = (await makeBuyers(1))[0];
  const failures = [];
  for (let k = 0; k < 10; k++) {
    const key = randomUUID();
    const answers = await Promise.all(instances.map((api) => purchase(api.port, buyer, product, key)));
    const ids = new Set(
      answers.map((r) => (r.status === 200 ? r.json.cartItemId : `status ${r.status ?? r.error}`)),
    );
    if (ids.size !== 1 || [...ids][0].startsWith('status'))
      failures.push(`key ${k}: the three answers were ${[...ids].join(', ')}`);
  }
  const state = await readPostgresState(databaseUrl, [{ id: product.id }]);
  const items = state.items.filter((i) => i.productId === product.id);
  if (items.length !== 10) failures.push(`${items.length} cart items for 10 keys`);
  if (state.stock.get(product.id) !== 1000 - 20)
    failures.push(`stock ${state.stock.get(product.id)}, expected 980`);
  return {
    figure: `30 requests with 10 keys: ${items.length} purchases, stock ${state.stock.get(product.id)}/980`,
    failures,
  };
}
