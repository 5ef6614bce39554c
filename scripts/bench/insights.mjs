// `npm run bench` (insights part), or alone: `node scripts/bench/insights.mjs`. The supplier dashboard's
// endpoints (GET /api/insights/*) for a 365-day range, on a marketplace of BENCH_INSIGHTS_ORDERS orders
// (1,000,000) over 100,000 products of 2,000 suppliers, one of whom holds 20 % of the orders.
//
// Seeds a fresh database (set-based, generate_series, in batches) with the rollup triggers off for the
// bulk load, then rebuilds the rollups with the migrations' own backfill statements (read from
// 0019_insights.sql, 0020_insights_status_buyers.sql and 0023_insights_monthly.sql), starts the API in production mode and drives each endpoint with autocannon; then
// times the first read of each endpoint right after a purchase of that supplier (a cache miss).
// Writes the "Insights on …" section of bench/results/latest.md. Target: p99 under 50 ms per endpoint.
//
// Knobs (env): BENCH_INSIGHTS_ORDERS=1000000 BENCH_DURATION=8 BENCH_WARMUP=2 BENCH_CONNECTIONS=50 BENCH_KEEP=1.
import { randomBytes } from 'node:crypto';
import { ApiBench, benchUser } from './api-bench.mjs';
import { waitForLogLine } from './log-files.mjs';
import { rebuildRollups, seedOrders, seedProducts } from './marketplace.mjs';
import { envNumber, fmt } from './report.mjs';
import { met as verdict, resultTable } from './targets.mjs';

const bench = new ApiBench('insights');
const ORDERS = envNumber('BENCH_INSIGHTS_ORDERS', 1_000_000);
const PRODUCTS = 100_000;
const SUPPLIERS = 2_000;
const BUYERS = 20_000;
const TARGET_P99_MS = 50;
/** Supplier 0: 20 % of the orders (and as many products as any other). */
const BIG = benchUser('bench-supplier-0', 'Bench supplier 0');
const TO = '2026-09-30';
const FROM = '2025-10-01';

/**
 * PRODUCTS products spread over SUPPLIERS suppliers, ORDERS orders over the two years before 2026-10-01
 * (marketplace.mjs), the rollups rebuilt after. Answers supplier 0's order count.
 */
async function seed(exec) {
  await seedProducts(exec, { products: PRODUCTS, suppliers: SUPPLIERS });
  const bigOrders = await seedOrders(exec, {
    orders: ORDERS,
    products: PRODUCTS,
    buyers: BUYERS,
    bigUid: BIG.uid,
    step: bench.step,
  });
  bench.step("Rebuilding the rollups (the migration's backfill)");
  await rebuildRollups(exec);
  await exec(`vacuum analyze`);
  return bigOrders;
}

/**
 * Every answer but the inventory is kept until the supplier's orders change: after each of 5 purchases of
 * supplier 0's product, one GET of every endpoint (each a miss). Answers each endpoint's times.
 */
async function readsAfterPurchases({ base, headers, signedAs, endpoints }) {
  bench.step('Each endpoint right after a purchase (5 x buy one order, then one GET of each)');
  const buyer = await signedAs(benchUser('bench-buyer-x', 'Bench buyer'));
  const buyerHeaders = { ...buyer, 'content-type': 'application/json' };
  const own = /** @type {Array<{ _id: string }>} */ (
    await (
      await fetch(`${base}/api/products?email=${encodeURIComponent(BIG.email)}&limit=1`, { headers })
    ).json()
  );
  const afterWrite = endpoints.map(() => /** @type {number[]} */ ([]));
  for (let round = 0; round < 5; round++) {
    const bought = await fetch(`${base}/api/products/purchase/${own[0]._id}`, {
      method: 'POST',
      headers: { ...buyerHeaders, 'idempotency-key': `bench-${randomBytes(8).toString('hex')}` },
      body: JSON.stringify({ quantity: 10, address: 'Harbour Road', phone: '+44 117 496 0000' }),
    });
    if (!bought.ok) throw new Error(`purchase: ${bought.status} ${await bought.text()}`);
    for (const [i, [, url]] of endpoints.entries()) {
      const t0 = performance.now();
      await (await fetch(`${base}${url}`, { headers })).arrayBuffer();
      afterWrite[i].push(performance.now() - t0);
    }
  }
  return afterWrite;
}

/** The section: a row per endpoint with its worst read right after a purchase, and the target. */
function render({ seeded, results, afterWrite }) {
  const worstAfter = (i) => Math.max(...afterWrite[i]);
  const met = results.every(
    (r, i) => r.p99 < TARGET_P99_MS && r.non2xx === 0 && worstAfter(i) < TARGET_P99_MS,
  );
  const markdown = [
    bench.runLine() +
      `${fmt(ORDERS)} orders over ${fmt(PRODUCTS)} products of ${fmt(SUPPLIERS)} suppliers; supplier 0 has ${fmt(seeded)}. ` +
      `Range ${FROM} to ${TO}. ${bench.loadLine()}.`,
    '',
    ...resultTable(results, [
      { head: 'max right after a purchase (5) ms', cell: (_, i) => fmt(worstAfter(i), 1) },
    ]),
    '',
    `- every endpoint p99 and every first read after a purchase < ${TARGET_P99_MS} ms: ${verdict(met)}`,
  ].join('\n');
  return { markdown, met };
}

async function main() {
  const { url, seeded } = await bench.seededDatabase(
    (server) =>
      `Insights bench on ${server}: ${fmt(ORDERS)} orders, ${fmt(PRODUCTS)} products, ${fmt(SUPPLIERS)} suppliers, ${bench.CONNECTIONS} connections, ${bench.DURATION} s per endpoint`,
    seed,
  );
  console.log(`  ${fmt(seeded)} orders for supplier 0`);
  const { base, logFile, signedAs } = await bench.startApi(url);
  // Measure the API as it serves after its start-up work: the product cache warm-up reads all 100,000
  // products (as run.mjs waits for it too).
  await waitForLogLine(logFile, /product cache warm(ed|-up stopped)/, 180_000);

  const headers = await signedAs(BIG);
  const range = `from=${FROM}&to=${TO}`;
  const endpoints = [
    ['GET /api/insights/summary (365 days)', `/api/insights/summary?${range}`],
    ['GET /api/insights/timeseries (365 days, by week)', `/api/insights/timeseries?${range}&interval=week`],
    ['GET /api/insights/top-products (365 days)', `/api/insights/top-products?${range}`],
    ['GET /api/insights/categories (365 days)', `/api/insights/categories?${range}`],
    ['GET /api/insights/buyers (365 days)', `/api/insights/buyers?${range}`],
    ['GET /api/insights/inventory (365 days)', `/api/insights/inventory?${range}`],
  ];
  const results = [];
  for (const [title, path] of endpoints) {
    const check = await fetch(`${base}${path}`, { headers });
    if (!check.ok) throw new Error(`${path}: ${check.status} ${await check.text()}`);
    bench.step(title);
    results.push(await bench.load(title, base, { method: 'GET', path, headers }));
  }
  const afterWrite = await readsAfterPurchases({ base, headers, signedAs, endpoints });
  await bench.stopApi();

  bench.publish('Insights', render({ seeded, results, afterWrite }));
}

await bench.run(main);
