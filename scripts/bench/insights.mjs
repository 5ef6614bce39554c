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
import { readFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { register } from 'tsx/esm/api';
import { createThrowawayDatabase, throwawayDir } from '../lib/databases.mjs';
import { ROOT, stop } from '../stack.mjs';
import { runBench, startApi, withClient } from './api-process.mjs';
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
 * PRODUCTS products spread over SUPPLIERS suppliers (product i belongs to supplier i % SUPPLIERS), ORDERS
 * orders over the two years before 2026-10-01: every fifth order goes to supplier 0's products, the others
 * to any supplier's. Statuses in every proportion, a third of the shipments after more than 2 days.
 */
async function seed(exec) {
  await exec(`
    insert into products (name, brand_name, category, category_slug, description, image, main_quantity,
      min_selling_quantity, price, rating, owner_uid, user_email, user_name)
    select 'Bench item ' || i, 'Benchco', c.name, c.slug, 'An item for the bench', '/images/products/placeholder.jpg',
      1000000, 10, 2.5 + (i % 400), 4.2,
      'bench-supplier-' || (i % ${SUPPLIERS}), 'bench-supplier-' || (i % ${SUPPLIERS}) || '@bench.bulkwise.test',
      'Bench supplier ' || (i % ${SUPPLIERS})
    from generate_series(0, ${PRODUCTS - 1}) i
    cross join lateral (select (array['Industrial Machinery & Tools', 'Office Supplies & Stationery', 'Health & Beauty'])[1 + i % 3] as name,
      (array['industrial_machinery_tools', 'office_supplies_stationery', 'health_beauty'])[1 + i % 3] as slug) c`);
  await exec(`create temporary table bench_products as
    select row_number() over (order by id) - 1 as n, id, name, category, category_slug, price, owner_uid, user_email, user_name
    from products`);
  await exec(`create index on bench_products (n)`);
  await exec(`analyze bench_products`);
  const big = (
    await exec(`select array_agg(n order by n) as ns from bench_products where owner_uid = '${BIG.uid}'`)
  ).rows[0].ns;
  await exec(
    `create temporary table bench_big as select ordinality - 1 as k, n from unnest('{${big.join(',')}}'::bigint[]) with ordinality n`,
  );
  await exec(`create index on bench_big (k)`);
  // The rollups are rebuilt below, set-based, from the migration's backfill.
  await exec(`set session_replication_role = replica`);
  const batch = 50_000;
  for (let from = 1; from <= ORDERS; from += batch) {
    const to = Math.min(ORDERS, from + batch - 1);
    await exec(`
      insert into cart_items (buyer_uid, buyer_email, buyer_name, product_id, product_snapshot, quantity, unit_price,
        address, phone, updated_quantity, purchased_at, status, supplier_uid, supplier_email, supplier_name,
        cancelled_by, shipped_at)
      select 'bench-buyer-' || (i::bigint * 7919 % ${BUYERS}), 'buyer-' || (i::bigint * 7919 % ${BUYERS}) || '@bench.bulkwise.test',
        'Buyer ' || (i::bigint * 7919 % ${BUYERS}), p.id,
        jsonb_build_object('_id', p.id, 'name', p.name, 'category', p.category, 'categorySlug', p.category_slug),
        10 + i % 90, case when i % 4 = 0 then round(p.price * 0.9, 2) else p.price end,
        'Harbour Road', '+44 117 496 0000', 0, g.at, s.status, p.owner_uid, p.user_email, p.user_name,
        case when s.status = 'cancelled' then (array['buyer', 'supplier'])[1 + i % 2] end,
        case when s.status in ('shipped', 'delivered') then g.at + (1 + i % 96) * interval '1 hour' end
      from generate_series(${from}::int, ${to}::int) i
      cross join lateral (select timestamptz '2026-10-01T00:00:00Z' - (i::bigint * 63113904 / ${ORDERS}) * interval '1 second' as at) g
      cross join lateral (select (array['placed', 'confirmed', 'shipped', 'delivered', 'delivered', 'delivered',
        'delivered', 'cancelled', 'placed', 'delivered'])[1 + i % 10] as status) s
      cross join lateral (select * from bench_products where n = case when i % 5 = 0
        then (select b.n from bench_big b where b.k = (i / 5) % ${big.length}) else (i::bigint * 104729) % ${PRODUCTS} end) p`);
    if (to % 200_000 === 0 || to === ORDERS) step(`  ${fmt(to)} orders`);
  }
  await exec(`set session_replication_role = origin`);
  const backfill = [
    '0019_insights.sql',
    '0020_insights_status_buyers.sql',
    '0023_insights_monthly.sql',
  ].flatMap((file) =>
    readFileSync(path.join(ROOT, 'apps/api/src/db/migrations', file), 'utf8')
      .split('--> statement-breakpoint')
      .filter((s) => /^\s*(--[^\n]*\n\s*)*(INSERT INTO|UPDATE) "insights_/.test(s)),
  );
  if (backfill.length !== 10)
    throw new Error(
      `expected the 10 rollup backfills of migrations 0019, 0020 and 0023, found ${backfill.length}`,
    );
  step("Rebuilding the rollups (the migration's backfill)");
  for (const statement of backfill) await exec(statement);
  await exec(`vacuum analyze`);
  const { rows } = await exec(`select count(*)::int as n from cart_items where supplier_uid = '${BIG.uid}'`);
  return rows[0].n;
}

async function load(title, baseUrl, path, headers) {
  const options = {
    url: baseUrl,
    connections: CONNECTIONS,
    requests: [{ method: 'GET', path, headers }],
    timeout: 10,
  };
  if (WARMUP > 0) await autocannon({ ...options, duration: WARMUP });
  const before = loadavg();
  const result = await autocannon({ ...options, title, duration: DURATION });
  return {
    title,
    requestsPerSecond: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    loadavgBefore: before,
    loadavgAfter: loadavg(),
  };
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
  const apiLog = path.join(work, 'api.log');
  const deadline = Date.now() + 180_000;
  while (!/product cache warm(ed|-up stopped)/.test(readFileSync(apiLog, 'utf8'))) {
    if (Date.now() > deadline) throw new Error('the product cache warm-up did not end within 180 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

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
  // Every answer but the inventory is kept until the supplier's orders change: after each of 5 purchases
  // of supplier 0's product, one GET of every endpoint (each a miss).
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
  await stop(api, 'SIGTERM', 15_000);
  api = undefined;

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
  writeSection(`Insights on ${server.name}`, markdown);
  console.log(`\n${markdown}\n`);
  if (!met) process.exitCode = 1;
}

await runBench(main, () => ({ api, throwaway, server, work, removeWork, keep: KEEP }));
