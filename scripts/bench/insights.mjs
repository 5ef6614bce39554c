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
import path from 'node:path';
import pg from 'pg';
import { register } from 'tsx/esm/api';
import { createThrowawayDatabase, throwawayDir } from '../lib/databases.mjs';
import { stop } from '../stack.mjs';
import { measure, runBench, startApi, withClient } from './api-process.mjs';
import { waitForLogLine } from './log-files.mjs';
import { rebuildRollups, seedOrders, seedProducts } from './marketplace.mjs';
import { envNumber, fmt, loadavg, loadKnobs, machine, machineLine, writeSection } from './report.mjs';
import { benchServer } from './server.mjs';

register();
const { openPostgres } = await import('../../apps/api/src/db/client.ts');
const { createTokenService } = await import('../../apps/api/src/modules/auth/tokens.ts');

const { DURATION, WARMUP, CONNECTIONS, KEEP } = loadKnobs();
const ORDERS = envNumber('BENCH_INSIGHTS_ORDERS', 1_000_000);
const PRODUCTS = 100_000;
const SUPPLIERS = 2_000;
const BUYERS = 20_000;
const TARGET_P99_MS = 50;
/** Supplier 0: 20 % of the orders (and as many products as any other). */
const BIG = {
  uid: 'bench-supplier-0',
  email: 'bench-supplier-0@bench.bulkwise.test',
  name: 'Bench supplier 0',
};
const TO = '2026-09-30';
const FROM = '2025-10-01';

/** The server (embedded unless DATABASE_URL is set), once started; see server.mjs. @type {any} */
let server;
const started = Date.now();
const step = (msg) =>
  console.log(`▶ ${msg}  (${((Date.now() - started) / 1000).toFixed(1)} s, load ${loadavg().join(' ')})`);
const { dir: work, remove: removeWork } = throwawayDir('bench-insights');
/** The throwaway PostgreSQL database, once created. @type {{ name: string, url: string, drop: () => Promise<unknown> } | undefined} */
let throwaway;
let api;

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
    step,
  });
  step("Rebuilding the rollups (the migration's backfill)");
  await rebuildRollups(exec);
  await exec(`vacuum analyze`);
  return bigOrders;
}

/** One endpoint under load with the shared client settings (api-process.mjs). */
const load = (title, base, path, headers) =>
  measure({
    title,
    base,
    request: { method: 'GET', path, headers },
    connections: CONNECTIONS,
    warmup: WARMUP,
    duration: DURATION,
  });

/**
 * Every answer but the inventory is kept until the supplier's orders change: after each of 5 purchases of
 * supplier 0's product, one GET of every endpoint (each a miss). Answers each endpoint's times.
 */
async function readsAfterPurchases({ base, headers, tokens, endpoints }) {
  step('Each endpoint right after a purchase (5 x buy one order, then one GET of each)');
  const buyer = { uid: 'bench-buyer-x', email: 'bench-buyer-x@bench.bulkwise.test', name: 'Bench buyer' };
  const buyerHeaders = {
    authorization: `Bearer ${await tokens.issue(buyer)}`,
    'content-type': 'application/json',
  };
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
function render({ host, seeded, results, afterWrite }) {
  const row = (r, i) =>
    `| ${r.title} | ${fmt(r.requestsPerSecond)} | ${fmt(r.p50, 1)} | ${fmt(r.p99, 1)} | ${fmt(Math.max(...afterWrite[i]), 1)} | ${r.non2xx + r.errors === 0 ? 'all 200' : `${r.non2xx} non-2xx, ${r.errors} errors`} | ${r.loadavgBefore[0]} → ${r.loadavgAfter[0]} |`;
  const met = results.every(
    (r, i) => r.p99 < TARGET_P99_MS && r.non2xx === 0 && Math.max(...afterWrite[i]) < TARGET_P99_MS,
  );
  const markdown = [
    `Run ${new Date().toISOString()} on ${machineLine(host)}; database ${server.version}. ` +
      `${fmt(ORDERS)} orders over ${fmt(PRODUCTS)} products of ${fmt(SUPPLIERS)} suppliers; supplier 0 has ${fmt(seeded)}. ` +
      `Range ${FROM} to ${TO}. autocannon from the bench process, ${CONNECTIONS} connections, ${WARMUP} s warm-up then ${DURATION} s each.`,
    '',
    '| endpoint | req/s | p50 ms | p99 ms | max right after a purchase (5) ms | answers | load 1 min |',
    '|---|---:|---:|---:|---:|---|---|',
    ...results.map(row),
    '',
    `- every endpoint p99 and every first read after a purchase < ${TARGET_P99_MS} ms: ${met ? 'met' : '**not met**'}`,
  ].join('\n');
  return { markdown, met };
}

async function main() {
  const host = machine();
  server = await benchServer(work);
  step(
    `Insights bench on ${server.name}: ${fmt(ORDERS)} orders, ${fmt(PRODUCTS)} products, ${fmt(SUPPLIERS)} suppliers, ${CONNECTIONS} connections, ${DURATION} s per endpoint`,
  );
  console.log(`  machine: ${machineLine(host)}`);
  throwaway = await createThrowawayDatabase(server.serverUrl, 'bench');
  const databaseUrl = throwaway.url;
  step('Seeding');
  await (await openPostgres({ url: databaseUrl, poolSize: 1 })).close();
  const seeded = await withClient(pg, databaseUrl, seed);
  console.log(`  ${fmt(seeded)} orders for supplier 0`);

  step('Starting the API (NODE_ENV=production)');
  const apiProcess = await startApi(work, databaseUrl);
  api = apiProcess.child;
  const { base, jwtSecret } = apiProcess;
  // Measure the API as it serves after its start-up work: the product cache warm-up reads all 100,000
  // products (as run.mjs waits for it too).
  await waitForLogLine(path.join(work, 'api.log'), /product cache warm(ed|-up stopped)/, 180_000);

  const tokens = createTokenService({ secret: jwtSecret, ttlSeconds: 3600 });
  const headers = { authorization: `Bearer ${await tokens.issue(BIG)}` };
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
  for (const [title, url] of endpoints) {
    const check = await fetch(`${base}${url}`, { headers });
    if (!check.ok) throw new Error(`${url}: ${check.status} ${await check.text()}`);
    step(title);
    results.push(await load(title, base, url, headers));
  }
  const afterWrite = await readsAfterPurchases({ base, headers, tokens, endpoints });
  await stop(api, 'SIGTERM', 15_000);
  api = undefined;

  const { markdown, met } = render({ host, seeded, results, afterWrite });
  writeSection(`Insights on ${server.name}`, markdown);
  console.log(`\n${markdown}\n`);
  if (!met) process.exitCode = 1;
}

await runBench(main, () => ({ api, throwaway, server, work, removeWork, keep: KEEP }));
