// `npm run bench:scale` (issue #29; not part of `npm test` nor of `npm run bench`): ten times the data and
// real traffic mixes. Generates 1,000,000 products of 2,000 suppliers and 1,000,000 orders in SQL (progress
// lines), then on the compiled API (NODE_ENV=production): cold product reads, start to ready, deep pages,
// the big supplier's desk and orders export, the mixed load with and without purchases, and a soak.
// One section per database in bench/results/latest.md ("Scale on …"): the embedded PostgreSQL by default,
// DATABASE_URL's server when set. Loopback only; every run bounded in time.
//
// Knobs (env): BENCH_SCALE_PRODUCTS=1000000 BENCH_SCALE_SUPPLIERS=2000 BENCH_SCALE_ORDERS=1000000
// BENCH_SCALE_BUYERS=20000 BENCH_SCALE_MIXED=60 (s per mixed run) BENCH_SCALE_SOAK=600 (s)
// BENCH_SCALE_COLD=2000 (ids read cold) BENCH_SCALE_DEPTH=50 (pages) BENCH_SCALE_PURCHASE_PRODUCTS=10000
// BENCH_SCALE_READ_IDS=100000 BENCH_SCALE_LISTING_PAGES=4 BENCH_SCALE_COST=8 (s of each class alone)
// BENCH_SCALE_WARM_WAIT=300 (s waited for the product cache warm-up) BENCH_CONNECTIONS=50 BENCH_DURATION=8 BENCH_WARMUP=2 (single lines)
// BENCH_KEEP=1 BENCH_API_NODE_ARGS (extra node arguments of the compiled API: a --cpu-prof of the whole run).
// A smoke run: BENCH_SCALE_PRODUCTS=20000 BENCH_SCALE_ORDERS=20000 BENCH_SCALE_MIXED=5 BENCH_SCALE_SOAK=20.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { register } from 'tsx/esm/api';
import { createThrowawayDatabase, throwawayDir } from '../lib/databases.mjs';
import { stop } from '../stack.mjs';
import { runBench, startApi, withClient } from './api-process.mjs';
import { envNumber, loadKnobs, machine, machineLine, stepLogger, writeSection } from './report.mjs';
import { benchServer } from './server.mjs';

register();
const { generateMarketplace } = await import('./scale/generate.mjs');
const { buildFixtures, shed } = await import('./scale/fixtures.mjs');
const { coldReads, deepPages, desk, exportCsv, oversold, rssOf, stockOf } = await import('./scale/lines.mjs');
const { runMix, summarize } = await import('./scale/mix.mjs');
const { describeProfile, profiled } = await import('./scale/profile.mjs');
const { renderScale } = await import('./scale/render.mjs');
const { MEMORY_LOG_MS } = await import('./scale/memory.mjs');
const { soak } = await import('./scale/soak.mjs');
const { classCosts } = await import('./scale/costs.mjs');

const { DURATION, WARMUP, CONNECTIONS, KEEP } = loadKnobs();
/** How single lines are driven (autocannon), also recorded with the knobs. */
const load = { connections: CONNECTIONS, duration: DURATION, warmup: WARMUP };
const knobs = {
  products: envNumber('BENCH_SCALE_PRODUCTS', 1_000_000),
  suppliers: envNumber('BENCH_SCALE_SUPPLIERS', 2_000),
  orders: envNumber('BENCH_SCALE_ORDERS', 1_000_000),
  buyers: envNumber('BENCH_SCALE_BUYERS', 20_000),
  mixed: envNumber('BENCH_SCALE_MIXED', 60),
  soak: envNumber('BENCH_SCALE_SOAK', 600),
  cold: envNumber('BENCH_SCALE_COLD', 2_000),
  depth: envNumber('BENCH_SCALE_DEPTH', 50),
  purchaseProducts: envNumber('BENCH_SCALE_PURCHASE_PRODUCTS', 10_000),
  readIds: envNumber('BENCH_SCALE_READ_IDS', 100_000),
  listingPages: envNumber('BENCH_SCALE_LISTING_PAGES', 4),
  warmWait: envNumber('BENCH_SCALE_WARM_WAIT', 300),
  costSeconds: envNumber('BENCH_SCALE_COST', 8),
  ...load,
  bigUid: 'bench-supplier-0',
};

/** @type {any} */
let server;
/** @type {{ name: string, url: string, drop: () => Promise<unknown> } | undefined} */
let throwaway;
/** @type {any} */
let api;
const step = stepLogger();
const { dir: work, remove: removeWork } = throwawayDir('bench-scale');

/** Prints measured lines as they come (the table is written at the end). */
const report = (...lines) => {
  for (const r of lines)
    console.log(
      `  ${r.title}: ${r.requestsPerSecond.toFixed(0)} req/s, p99 ${r.p99} ms, non-2xx ${r.non2xx}, errors ${r.errors}`,
    );
};

/** A compiled API on the generated data, its log in a directory of its own (`name`). */
async function start(name, jwtSecret, env = {}) {
  const dir = path.join(work, name);
  mkdirSync(dir, { recursive: true });
  const started = await startApi(dir, /** @type {any} */ (throwaway).url, { compiled: true, env, jwtSecret });
  api = started.child;
  return started;
}

/** Waits (bounded) for the product cache warm-up to end, as the other benches measure after it. */
async function warmedUp(logFile) {
  const deadline = Date.now() + knobs.warmWait * 1000;
  const pattern = /product cache warm(ed|-up stopped)[^"]*/;
  while (Date.now() < deadline) {
    const line = existsSync(logFile) && pattern.exec(readFileSync(logFile, 'utf8'))?.[0];
    if (line) return line;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return `no end of the warm-up within ${knobs.warmWait} s: measured while it runs`;
}

/** The marketplace generated on the throwaway database, then cold product reads on an API with no cache. */
async function generateThenColdReads(databaseUrl) {
  // A server with autovacuum off never clears dead rows: the soak's reads slow as they pile up.
  const autovacuum = await withClient(
    pg,
    databaseUrl,
    async (exec) => (await exec('show autovacuum')).rows[0].autovacuum,
  );
  const t0 = performance.now();
  const bigOrders = await generateMarketplace({
    databaseUrl,
    ...knobs,
    bigUid: knobs.bigUid,
    step,
  });
  const generationSeconds = (performance.now() - t0) / 1000;

  step(`Cold product reads: ${knobs.cold} random ids, API with PRODUCT_CACHE_MB=1`);
  const coldIds = await withClient(pg, databaseUrl, async (exec) =>
    (await exec(`select id from products order by random() limit ${knobs.cold}`)).rows.map((r) => r.id),
  );
  const coldApi = await start('cold', undefined, { PRODUCT_CACHE_MB: '1' });
  const { result: reads, profile } = await profiled(
    { apiPid: coldApi.child.pid, databaseUrl },
    () => coldReads(coldApi.base, coldIds),
    (r) => r.count,
  );
  const cold = { ...reads, profile };
  console.log(
    `  p50 ${cold.p50.toFixed(1)} ms, p99 ${cold.p99.toFixed(1)} ms; ${describeProfile(cold.profile)}`,
  );
  await stop(api, 'SIGTERM', 15_000);

  return { bigOrders, generationSeconds, cold, jwtSecret: coldApi.jwtSecret, autovacuum };
}

/** Deep pages, the big supplier's desk and its orders CSV export, each measured alone. */
async function singleLines(base, fixtures, pid, databaseUrl) {
  step(`Deep pages (depth ${knobs.depth})`);
  const deep = await deepPages({ base, word: fixtures.words[0], depth: knobs.depth, load });
  report(deep.listing, deep.search);
  step('Orders desk of the big supplier');
  const deskLines = await desk({ base, token: fixtures.big, load });
  report(deskLines.first, deskLines.placed);
  step('Orders CSV export of the big supplier');
  const { result: streamed, profile } = await profiled(
    { apiPid: pid, databaseUrl },
    () => exportCsv({ base, token: fixtures.big, pid }),
    (r) => r.rows,
  );
  const exported = { ...streamed, profile };
  console.log(`  ${Math.round(exported.rowsPerSecond)} rows/s; ${describeProfile(exported.profile, 'row')}`);

  return { deep, deskLines, exported };
}

/** The mixed load, the reads-only mix and the soak, with the API's RSS and the oversell checks. */
async function mixedRuns(base, fixtures, pid, databaseUrl, logFile) {
  const initial = await stockOf(
    databaseUrl,
    fixtures.purchase.map((p) => p.id),
  );
  step(`Mixed load: ${CONNECTIONS} connections, ${knobs.mixed} s`);
  const { result: mixed, profile } = await profiled(
    { apiPid: pid, databaseUrl },
    () => runMix({ base, fixtures, connections: CONNECTIONS, seconds: knobs.mixed }),
    (run) => summarize(run, Object.keys(run.stats)).count,
  );
  console.log(`  ${describeProfile(profile)}`);
  const rssAfterMixed = rssOf(pid);
  const oversellMixed = await oversold(databaseUrl, initial);
  step(`Reads-only mix (0 % purchases): ${knobs.mixed} s`);
  const readsOnly = await runMix({
    base,
    fixtures,
    connections: CONNECTIONS,
    seconds: knobs.mixed,
    purchases: false,
  });
  step(`Soak: the mixed load for ${knobs.soak} s`);
  const soaked = await soak({
    base,
    fixtures,
    pid,
    logFile,
    databaseUrl,
    connections: CONNECTIONS,
    seconds: knobs.soak,
  });
  const oversellSoak = await oversold(databaseUrl, initial);
  step(`What each class costs: each alone, ${knobs.costSeconds} s`);
  const costs = await classCosts({
    base,
    fixtures,
    pid,
    databaseUrl,
    connections: CONNECTIONS,
    seconds: knobs.costSeconds,
  });
  return { mixed, profile, readsOnly, rssAfterMixed, oversellMixed, soaked, oversellSoak, costs };
}

async function main() {
  const host = machine();
  server = await benchServer(work);
  step(`Scale bench on ${server.name} (${server.version}): ${JSON.stringify(knobs)}`);
  console.log(`  machine: ${machineLine(host)}`);
  throwaway = await createThrowawayDatabase(server.serverUrl, 'bench');
  const generated = await generateThenColdReads(throwaway.url);
  step('Restart on the data already there: start to ready');
  const { base, jwtSecret, child, logFile, readyMs } = await start('api', generated.jwtSecret, {
    MEMORY_LOG_MS: String(MEMORY_LOG_MS),
  });
  step(`Ready in ${(readyMs / 1000).toFixed(2)} s; ${await warmedUp(logFile)}`);
  step('Fixtures: ids, purchase and edit sets, tokens, crawled listing and search URLs');
  const fixtures = await buildFixtures({ base, databaseUrl: throwaway.url, jwtSecret, knobs });
  console.log(
    `  ${fixtures.listingUrls.length} listing URLs, ${fixtures.searchUrls.length} search/suggest URLs, ${fixtures.words.length} words; ${shed.count} crawl reads shed (503) and asked again`,
  );

  const { deep, deskLines, exported } = await singleLines(base, fixtures, child.pid, throwaway.url);
  const { mixed, profile, readsOnly, rssAfterMixed, oversellMixed, soaked, oversellSoak, costs } =
    await mixedRuns(base, fixtures, child.pid, throwaway.url, logFile);
  await stop(api, 'SIGTERM', 15_000);
  api = undefined;

  const markdown = renderScale({
    at: new Date().toISOString(),
    host,
    version: server.version,
    ...generated,
    knobs,
    readyMs,
    deep,
    desk: deskLines,
    export: exported,
    mixed,
    profile,
    readsOnly,
    rssAfterMixed,
    oversellMixed,
    soak: soaked,
    oversellSoak,
    costs,
  });
  writeSection(`Scale on ${server.name}`, markdown);
  console.log(`\n${markdown}\n`);
  if (!oversellMixed.ok || !oversellSoak.ok) {
    console.error('✖ oversell check failed: see the table');
    process.exitCode = 1;
  }
}

await runBench(main, () => ({ api, throwaway, server, work, removeWork, keep: KEEP }));
