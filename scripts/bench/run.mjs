// `npm run bench`: the API under load on a generated catalog of 100,000 products.
//
// 1. Seeds a fresh database (a new `bulkwise_bench_<rand>` database on an embedded PostgreSQL started in a
//    temp directory, or on
//    the server of DATABASE_URL when set) through the real migrations.
// 2. Starts the API as a separate production process and drives it with autocannon from this one,
//    next to a bare Fastify route (the machine's ceiling) measured with the same client settings.
// 3. Checks that purchases never oversold, measures first-page versus whole-catalog bytes, and
//    writes the table to bench/results/latest.md (its database's section) and a JSON file.
//
// Knobs (env): BENCH_PRODUCTS=100000 BENCH_DURATION=8 BENCH_WARMUP=2 BENCH_CONNECTIONS=50
// BENCH_PURCHASE_PRODUCTS=5000 BENCH_BUYERS=200 BENCH_KEEP=1 (keep the database and logs).
// BENCH_ONLY=search: only the search lines between the two ceiling passes, in their own section.
// BENCH_ONLY=purchases: only the purchase line and its oversell check, in their own section.
// BENCH_ONLY=reads: only the three cached reads (product page, sorted first page, categories) between the
// two ceiling passes, printed with the issue #17 targets and kept as JSON (latest.md is left alone);
// BENCH_READS=product,page,categories,html picks some of them (html: a product page's server-made HTML,
// decision 0024, target p99 < 10 ms, compressed as a browser asks, over BENCH_HTML_PRODUCTS=2000 pages read once first;
// it serves the built web, apps/web/dist, which `npm run build` makes). BENCH_API_NODE_ARGS: extra node arguments of
// the API process (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`, written when it stops).
import { register } from 'tsx/esm/api';
import { createThrowawayDatabase, throwawayDir } from '../lib/databases.mjs';
import { stop } from '../stack.mjs';
import { apiNodeArgsFromEnv, measure } from './api-process.mjs';
import { ceilingPass } from './lines.mjs';
import { pickPurchaseProducts } from './purchases.mjs';
import { envNumber, fmt, loadKnobs, machine, machineLine, stepLogger } from './report.mjs';
import { fullRun, purchasesOnly, readsOnly, searchOnly } from './run-modes.mjs';
import { startServers } from './run-servers.mjs';
import { benchServer } from './server.mjs';
import { measureLines } from './targets.mjs';

register();
const { PRODUCT_CATEGORIES, categorySlug } = await import('@bulkwise/contracts');
const { generateCatalog, prng } = await import('./catalog.mjs');
const { seedDatabase } = await import('./seed.mjs');
const { toPublicProduct } = await import('../../apps/api/src/modules/products/products.mapper.ts');

const { DURATION, WARMUP, CONNECTIONS, KEEP } = loadKnobs();
const knobs = {
  products: envNumber('BENCH_PRODUCTS', 100_000),
  purchaseProducts: envNumber('BENCH_PURCHASE_PRODUCTS', 5_000),
  buyers: envNumber('BENCH_BUYERS', 200),
  duration: DURATION,
  warmup: WARMUP,
  connections: CONNECTIONS,
  only: process.env.BENCH_ONLY,
  reads: (process.env.BENCH_READS ?? 'product,page,categories').split(',').map((s) => s.trim()),
  htmlProducts: envNumber('BENCH_HTML_PRODUCTS', 2_000),
  apiNodeArgs: apiNodeArgsFromEnv(),
};

/** The server (embedded unless DATABASE_URL is set), once started; see server.mjs. */
let server;
const step = stepLogger();
const load = (title, base, request) =>
  measure({ title, base, request, connections: CONNECTIONS, warmup: WARMUP, duration: DURATION });

const { dir: work, remove: removeWork } = throwawayDir('bench');
const children = [];
/** The throwaway PostgreSQL database, once created. */
let database;

async function cleanup() {
  for (const child of children) await stop(child, 'SIGTERM', 10_000);
  if (KEEP && server?.kind === 'server') {
    console.log(`kept ${work}${database ? ` and database ${database.name}` : ''}`);
    return;
  }
  if (database && !KEEP)
    await database.drop().catch((err) => console.error(`could not drop ${database.name}: ${err.message}`));
  await server?.stop();
  if (!KEEP) removeWork();
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    await cleanup();
    process.exit(130);
  });
}

/** A fresh database with the generated catalog; every product's stock as seeded, for the oversell check. */
async function seed(rows) {
  database = await createThrowawayDatabase(server.serverUrl, 'bench');
  step(`Seeding database ${database.name}`);
  const seeded = await seedDatabase({
    url: database.url,
    rows,
    // The embedded default as `npm start` runs it: the demo catalog, then the generated products.
    demoCatalog: server.kind === 'embedded',
    log: console.log,
  });
  // Every product's stock as seeded (the demo products' too): the oversell check compares against it.
  const initialStock = new Map(
    /** @type {{ rows: any[] }} */ (
      await seeded.db.execute('select id, main_quantity from products')
    ).rows.map((r) => [r.id, r.main_quantity]),
  );
  await seeded.close();
  return initialStock;
}

/** Generates and seeds the catalog, starts both servers: everything a line's request needs. */
async function prepare(host) {
  const random = prng(42);
  const { rows } = generateCatalog({ count: knobs.products });
  const purchaseProducts = pickPurchaseProducts(rows, random, knobs.purchaseProducts);
  const initialStock = await seed(rows);
  const servers = await startServers({
    work,
    databaseUrl: database.url,
    sampleJson: JSON.stringify(toPublicProduct({ priceTiers: [], ...rows[0] })),
    nodeArgs: knobs.apiNodeArgs,
    withHtml: knobs.reads.includes('html'),
    children,
    step,
  });
  const ids = rows.map((r) => r.id);
  const run = {
    ...servers,
    server,
    knobs,
    step,
    load,
    databaseUrl: database.url,
    host,
    rows,
    random,
    initialStock,
    purchaseProducts,
    slugs: PRODUCT_CATEGORIES.map(categorySlug),
    // The server-made product pages "from a warm cache" (issue #31): the first BENCH_HTML_PRODUCTS
    // products (they fit the HTML cache's 32 MB), each read once before the line (run-modes.mjs).
    htmlIds: ids.slice(0, knobs.htmlProducts),
    byId: (prefix, headers = {}, pool = ids) => ({
      method: 'GET',
      headers,
      setupRequest: (req) => ({ ...req, path: `${prefix}${pool[Math.floor(random() * pool.length)]}` }),
    }),
    measuring: {
      load,
      step,
      base: (line) => (line.base === 'bare' ? servers.bareBase : servers.apiBase),
    },
  };
  /** The bare route's `which` pass. */
  const ceiling = async (which) =>
    (await measureLines([ceilingPass(which)], run, run.measuring))[`ceiling-${which}`];
  return {
    ...run,
    ceiling,
    settings: {
      products: knobs.products,
      connections: CONNECTIONS,
      durationSeconds: DURATION,
      warmupSeconds: WARMUP,
    },
  };
}

async function main() {
  const host = machine();
  server = await benchServer(work);
  step(
    `Bulkwise API bench on ${server.name}: ${fmt(knobs.products)} products, ${CONNECTIONS} connections, ${DURATION} s per endpoint`,
  );
  console.log(`  machine: ${machineLine(host)}`);
  const run = await prepare(host);
  const ceilingFirst = await run.ceiling('first');
  const mode =
    { search: searchOnly, reads: readsOnly, purchases: purchasesOnly }[knobs.only ?? ''] ?? fullRun;
  await mode(run, ceilingFirst);
}

try {
  await main();
} catch (err) {
  console.error(`✖ ${err instanceof Error ? err.stack : err}`);
  for (const child of children) {
    if (child.exitCode !== null) console.error(`[${child.benchName}] ${child.recentOutput()}`);
  }
  process.exitCode = 1;
} finally {
  await cleanup();
}
