// `npm run bench` (part), or alone: `node scripts/bench/terms.mjs`. Purchases per second on account (net 30
// with a credit limit no order reaches) against purchases without terms (prepay), issue #25: within 15 %.
// Every order takes its pair's account row and, on net terms, sums what the buyer owes the supplier in the
// purchase's own statement (decision 0022); this measures what that costs. Seeds a fresh database (embedded
// PostgreSQL in a temp directory, or DATABASE_URL's server): SUPPLIERS suppliers with 50 products each, two
// groups of BUYERS buyers with an account with every supplier (prepay, net), each buyer with HISTORY
// delivered and paid orders; then alternates the groups (prepay, net, prepay, net) for DURATION seconds each.
// Writes the "Purchases on account on …" section of bench/results/latest.md.
//
// Knobs (env): BENCH_BUYERS=100 BENCH_SUPPLIERS=20 BENCH_HISTORY=500 BENCH_DURATION=8 BENCH_WARMUP=2
// BENCH_CONNECTIONS=50 BENCH_KEEP=1.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { register } from 'tsx/esm/api';
import { createThrowawayDatabase, throwawayDir } from '../lib/databases.mjs';
import { stop } from '../stack.mjs';
import { measure, runBench, startApi, withClient } from './api-process.mjs';
import { envNumber, fmt, loadavg, loadKnobs, machine, machineLine, writeSection } from './report.mjs';
import { benchServer } from './server.mjs';
import { seedTerms } from './terms-seed.mjs';

register();
const { openPostgres } = await import('../../apps/api/src/db/client.ts');
const { createTokenService } = await import('../../apps/api/src/modules/auth/tokens.ts');

const { DURATION, WARMUP, CONNECTIONS, KEEP } = loadKnobs();
const BUYERS = envNumber('BENCH_BUYERS', 100);
const SUPPLIERS = envNumber('BENCH_SUPPLIERS', 20);
const HISTORY = envNumber('BENCH_HISTORY', 500);
/** Purchases on account may be at most this much slower than without terms. */
const TARGET_PERCENT = 85;

/** @type {any} */
let server;
const started = Date.now();
const step = (msg) =>
  console.log(`▶ ${msg}  (${((Date.now() - started) / 1000).toFixed(1)} s, load ${loadavg().join(' ')})`);
const { dir: work, remove: removeWork } = throwawayDir('bench-terms');
/** @type {{ name: string, url: string, drop: () => Promise<unknown> } | undefined} */
let throwaway;
let api;

/** A fresh database with the bench's data and the API on it; answers what the runs need. */
async function prepare() {
  server = await benchServer(work);
  step(
    `Purchases on account bench on ${server.name}: ${SUPPLIERS} suppliers, 2 x ${BUYERS} buyers, ${CONNECTIONS} connections`,
  );
  throwaway = await createThrowawayDatabase(server.serverUrl, 'bench');
  const url = throwaway.url;
  step('Seeding');
  await (await openPostgres({ url, poolSize: 1 })).close();
  const seeded = await withClient(pg, url, (exec) => seedTerms(exec, { BUYERS, SUPPLIERS, HISTORY }));
  console.log(
    `  ${fmt(seeded.products)} products, ${fmt(seeded.accounts)} accounts, ${fmt(seeded.orders)} past orders`,
  );
  step('Starting the API (NODE_ENV=production)');
  const started = await startApi(work, url);
  api = started.child;
  const tokens = createTokenService({ secret: started.jwtSecret, ttlSeconds: 3600 });
  const group = (prefix) =>
    Promise.all(
      Array.from({ length: BUYERS }, (_, k) =>
        tokens.issue({
          uid: `${prefix}-${k}`,
          email: `${prefix}-${k}@bench.bulkwise.test`,
          name: `${prefix} ${k}`,
        }),
      ),
    );
  const buyers = { prepay: await group('bench-prepay'), net: await group('bench-net') };
  return { url, base: started.base, productIds: seeded.productIds, buyers };
}

/** The two groups alternated, twice: each purchase one unit of a random product by a random buyer of the group. */
async function runPasses({ base, productIds, buyers }) {
  const keyPrefix = randomBytes(4).toString('hex');
  let serial = 0;
  const pick = (list) => list[Math.floor(Math.random() * list.length)];
  const purchase = (kind) => ({
    method: 'POST',
    setupRequest: (req) => ({
      ...req,
      path: `/api/products/purchase/${pick(productIds)}`,
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${pick(buyers[kind])}`,
        'idempotency-key': `bench-${keyPrefix}-${serial++}`,
      },
      body: JSON.stringify({ quantity: 1, address: '14 Harbour Road, Bristol', phone: '+44 117 496 0123' }),
    }),
  });
  const passes = [];
  for (const [pass, kind] of [
    [1, 'prepay'],
    [1, 'net'],
    [2, 'prepay'],
    [2, 'net'],
  ]) {
    const title = `POST /api/products/purchase/:id, ${kind === 'net' ? 'on account (net 30)' : 'without terms (prepay)'}, pass ${pass}`;
    step(title);
    const request = purchase(kind);
    const r = await measure({
      title,
      base,
      request,
      connections: CONNECTIONS,
      warmup: WARMUP,
      duration: DURATION,
    });
    passes.push({ ...r, kind });
  }
  return passes;
}

function report(host, passes, terms) {
  const mean = (kind) => {
    const runs = passes.filter((p) => p.kind === kind);
    return runs.reduce((a, p) => a + p.okPerSecond, 0) / runs.length;
  };
  const ratio = (100 * mean('net')) / mean('prepay');
  const refused = passes.reduce((a, p) => a + p.non2xx + p.errors, 0);
  const met = ratio >= TARGET_PERCENT && refused === 0;
  const row = (r) =>
    `| ${r.title.split(', ').slice(1).join(', ')} | ${fmt(r.requestsPerSecond)} | ${fmt(r.okPerSecond)} | ${fmt(r.p50, 1)} | ${fmt(r.p99, 1)} | ${Object.entries(
      r.statuses,
    )
      .map(([c, n]) => `${c}: ${fmt(n)}`)
      .join(', ')} | ${r.loadavgBefore[0]} → ${r.loadavgAfter[0]} |`;
  const markdown = [
    `Run ${new Date().toISOString()} on ${machineLine(host)}; database ${server.version}. ` +
      `${SUPPLIERS} suppliers with 50 products each; ${BUYERS} buyers without terms and ${BUYERS} on net 30 (credit limit $1,000,000,000), each with an account with every supplier and ${HISTORY} past orders (delivered, invoiced, paid). ` +
      `One unit of a random product per purchase. autocannon from the bench process, ${CONNECTIONS} connections, ${WARMUP} s warm-up then ${DURATION} s each, the two groups alternated.`,
    '',
    '| purchases | req/s | purchases/s | p50 ms | p99 ms | answers | load 1 min |',
    '|---|---:|---:|---:|---:|---|---|',
    ...passes.map(row),
    '',
    `Orders placed in the run, by the terms the account gave them: ${Object.entries(terms)
      .map(([k, n]) => `${k} ${fmt(n)}`)
      .join(', ')}.`,
    '',
    `- purchases on account ≥ ${TARGET_PERCENT} % of purchases without terms: ${fmt(mean('net'))}/s vs ${fmt(mean('prepay'))}/s = ${fmt(ratio, 1)} % (${met ? 'met' : '**not met**'})`,
  ].join('\n');
  return { markdown, met };
}

async function main() {
  const host = machine();
  const ctx = await prepare();
  const passes = await runPasses(ctx);
  await stop(api, 'SIGTERM', 15_000);
  api = undefined;
  const terms = await withClient(pg, ctx.url, async (exec) => {
    const { rows } = await exec(
      `select payment_terms, count(*)::int as n from cart_items where status = 'placed' group by 1`,
    );
    return Object.fromEntries(rows.map((r) => [r.payment_terms, r.n]));
  });
  const { markdown, met } = report(host, passes, terms);
  writeSection(`Purchases on account on ${server.name}`, markdown);
  console.log(`\n${markdown}\n`);
  if (!met) process.exitCode = 1;
}

await runBench(main, () => ({ api, throwaway, server, work, removeWork, keep: KEEP }));
