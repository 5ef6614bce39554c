// run.mjs's purchase line: which products it buys (some stocked to sell out), its buyers' requests, and
// the check, on the database itself once the API has stopped, that nothing was oversold.
import { randomBytes } from 'node:crypto';
import { stop } from '../stack.mjs';
import { PURCHASE_LINE } from './lines.mjs';
import { fmt } from './report.mjs';
import { measureLines } from './targets.mjs';

/** Products given stock for exactly HOT_ORDERS orders and a share of the purchase load: they sell out. */
export const HOT_PRODUCTS = 10;
const HOT_ORDERS = 5;

/** `count` random products to buy, and HOT_PRODUCTS of them restocked (in `rows`) to sell out. */
export function pickPurchaseProducts(rows, random, count) {
  const targets = [];
  const hot = [];
  for (const index of new Set(
    Array.from({ length: count + HOT_PRODUCTS }, () => Math.floor(random() * rows.length)),
  )) {
    const row = rows[index];
    if (hot.length < HOT_PRODUCTS) {
      row.mainQuantity = row.minSellingQuantity * HOT_ORDERS;
      hot.push(row);
    } else targets.push(row);
  }
  return { targets, hot };
}

/** The autocannon request: `buyers` signed with the run's secret, a fresh Idempotency-Key each time. */
export async function purchaseRequest({ jwtSecret, buyers, random, targets, hot }) {
  const { createTokenService } = await import('../../apps/api/src/modules/auth/tokens.ts');
  const tokens = createTokenService({ secret: jwtSecret, ttlSeconds: 3600 });
  const bearers = await Promise.all(
    Array.from({ length: buyers }, (_, i) =>
      tokens.issue({ uid: `bench-buyer-${i}`, email: `buyer-${i}@bench.bulkwise.test`, name: `Buyer ${i}` }),
    ),
  );
  let serial = 0;
  const keyPrefix = randomBytes(4).toString('hex');
  const pick = (list) => list[Math.floor(random() * list.length)];
  return {
    method: 'POST',
    setupRequest: (req) => {
      // One request in twenty goes to a product that sells out, so some buyers really compete.
      const product = random() < 0.05 ? pick(hot) : pick(targets);
      return {
        ...req,
        path: `/api/products/purchase/${product.id}`,
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${pick(bearers)}`,
          'idempotency-key': `bench-${keyPrefix}-${serial++}`,
        },
        body: JSON.stringify({
          quantity: product.minSellingQuantity,
          address: '14 Harbour Road, Bristol',
          phone: '+44 117 496 0123',
        }),
      };
    },
  };
}

/** Every product's stock + what was sold = its stock as seeded (`initialStock`), nothing below zero. */
export async function checkOversell({ databaseUrl, initialStock, hot, successfulPurchases }) {
  const { openPostgres } = await import('../../apps/api/src/db/client.ts');
  const check = await openPostgres({ url: databaseUrl, poolSize: 2, migrate: false });
  try {
    const { rows: stock } = /** @type {{ rows: any[] }} */ (
      await check.db.execute(
        'select p.id, p.main_quantity, coalesce(sum(c.quantity), 0)::int as sold from products p left join cart_items c on c.product_id = p.id group by p.id',
      )
    );
    const { rows: cart } = /** @type {{ rows: any[] }} */ (
      await check.db.execute('select count(*)::int as n from cart_items')
    );
    const hotIds = new Set(hot.map((r) => r.id));
    return {
      products: stock.length,
      mismatched: stock.filter((r) => r.main_quantity + r.sold !== initialStock.get(r.id)).length,
      negative: stock.filter((r) => r.main_quantity < 0).length,
      cartItems: cart[0].n,
      successfulPurchases,
      hotSoldOut: stock.filter((r) => hotIds.has(r.id) && r.main_quantity === 0).length,
    };
  } finally {
    await check.close();
  }
}

/** The purchase line: its products, HOT_PRODUCTS of them selling out, bought by the run's buyers. */
export async function measurePurchases(run) {
  const { targets, hot } = run.purchaseProducts;
  const purchase = await purchaseRequest({
    jwtSecret: run.jwtSecret,
    buyers: run.knobs.buyers,
    random: run.random,
    targets,
    hot,
  });
  const context = {
    ...run,
    purchase,
    purchaseProducts: targets.length,
    hotProducts: HOT_PRODUCTS,
    buyers: run.knobs.buyers,
  };
  return measureLines([PURCHASE_LINE], context, run.measuring);
}

/** Stops both servers and checks, on the database itself, that nothing was oversold. */
export async function stopAndCheckOversell(run, results) {
  run.step('Stopping the API; checking for oversell');
  await stop(run.api, 'SIGTERM', 15_000);
  await stop(run.bare, 'SIGTERM', 5_000);
  return checkOversell({
    databaseUrl: run.databaseUrl,
    initialStock: run.initialStock,
    hot: run.purchaseProducts.hot,
    successfulPurchases: results.purchase.okIncludingWarmup,
  });
}

/**
 * autocannon does not count the answers of requests in flight when a run stops (at most one per
 * connection per run, warm-up included): those purchases happened, so the cart may hold that many more.
 */
export function cartRowsAccountedFor(o, { warmup, connections }) {
  const inFlight = (warmup > 0 ? 2 : 1) * connections;
  return o.cartItems >= o.successfulPurchases && o.cartItems <= o.successfulPurchases + inFlight;
}

export const oversellFree = (o) => o.mismatched === 0 && o.negative === 0;

export const oversellPassed = (o, knobs) => oversellFree(o) && cartRowsAccountedFor(o, knobs);

/** The oversell check's paragraph; `full` adds the counts the full run's section explains. */
export function oversellNote(o, knobs, full) {
  const consistent = cartRowsAccountedFor(o, knobs) ? 'consistent' : '**inconsistent**';
  const hot = `sell-out products at zero stock: ${o.hotSoldOut} of ${HOT_PRODUCTS}.`;
  if (!full)
    return (
      `**Oversell check**: stock + sum of cart quantities = initial stock for ${fmt(o.products - o.mismatched)} of ${fmt(o.products)} products; ` +
      `stock below zero: ${o.negative}; cart rows ${fmt(o.cartItems)} for ${fmt(o.successfulPurchases)} purchases answered 200: ${consistent}; ${hot}`
    );
  return (
    `**Oversell check**: ${fmt(o.products)} products, stock + sum of cart quantities = initial stock for ${fmt(o.products - o.mismatched)} (mismatches: ${o.mismatched}); ` +
    `stock below zero: ${o.negative}; cart rows ${fmt(o.cartItems)} for ${fmt(o.successfulPurchases)} purchases answered 200 (incl. warm-up; up to one more per connection may have been in flight when a run stopped): ${consistent}; ${hot}`
  );
}
