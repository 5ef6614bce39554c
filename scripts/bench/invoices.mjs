// `npm run bench` (part), or alone: `node scripts/bench/invoices.mjs`. The invoices list with 100,000
// invoices (issue #25): GET /api/invoices?as=supplier, each status tab, and the buyer's side. Seeds a fresh
// database (embedded PostgreSQL in a temp directory, or DATABASE_URL's server) through the real migrations,
// the invoices directly in SQL, starts the API in production mode and drives it with autocannon. Prints each
// line's plan (EXPLAIN ANALYZE of the list's query) and writes the "Invoices list on …" section of
// bench/results/latest.md. Target: p99 under 20 ms.
//
// Knobs (env): BENCH_INVOICES=100000 BENCH_DURATION=8 BENCH_WARMUP=2 BENCH_CONNECTIONS=50 BENCH_KEEP=1.
import pg from 'pg';
import { register } from 'tsx/esm/api';
import { createThrowawayDatabase, throwawayDir } from '../lib/databases.mjs';
import { stop } from '../stack.mjs';
import { measure, runBench, startApi, withClient } from './api-process.mjs';
import { invoicesListSql, seedInvoices } from './invoices-seed.mjs';
import { envNumber, fmt, loadavg, loadKnobs, machine, machineLine, writeSection } from './report.mjs';
import { benchServer } from './server.mjs';

register();
const { openPostgres } = await import('../../apps/api/src/db/client.ts');
const { createTokenService } = await import('../../apps/api/src/modules/auth/tokens.ts');

const { DURATION, WARMUP, CONNECTIONS, KEEP } = loadKnobs();
const INVOICES = envNumber('BENCH_INVOICES', 100_000);
const TARGET_P99_MS = 20;
const SUPPLIER = {
  uid: 'bench-invoices-supplier',
  email: 'invoices@bench.bulkwise.test',
  name: 'Invoices Supplier',
};
const BUYER = { uid: 'bench-big-buyer', email: 'big-buyer@bench.bulkwise.test', name: 'Big Buyer' };

/** @type {any} */
let server;
const started = Date.now();
const step = (msg) =>
  console.log(`▶ ${msg}  (${((Date.now() - started) / 1000).toFixed(1)} s, load ${loadavg().join(' ')})`);
const { dir: work, remove: removeWork } = throwawayDir('bench-invoices');
/** @type {{ name: string, url: string, drop: () => Promise<unknown> } | undefined} */
let throwaway;
let api;

/** @type {Array<['supplier' | 'buyer', string | undefined]>} Each line: the side, and the status tab (none: all). */
const LINES = [
  ['supplier', undefined],
  ['supplier', 'open'],
  ['supplier', 'partially_paid'],
  ['supplier', 'overdue'],
  ['supplier', 'paid'],
  ['supplier', 'void'],
  ['buyer', 'open'],
  ['buyer', 'overdue'],
];

/** The list's statement for one line as the API sends it, explained (execution time and the top nodes). */
async function explain(exec, as, status) {
  const uid = as === 'supplier' ? SUPPLIER.uid : BUYER.uid;
  const { rows } = await exec(`explain (analyze, format json) ${invoicesListSql(as, uid, status)}`);
  const plan = rows[0]['QUERY PLAN'][0];
  const nodes = [];
  const walk = (n) => {
    nodes.push(
      `${n['Node Type']}${n['Index Name'] ? ` ${n['Index Name']}` : ''} rows ${n['Actual Rows']}${n['Rows Removed by Filter'] ? ` (removed ${n['Rows Removed by Filter']})` : ''}`,
    );
    for (const c of n.Plans ?? []) walk(c);
  };
  walk(plan.Plan);
  return { ms: plan['Execution Time'], nodes };
}

/** A fresh database with the invoices, each line's plan, and the API on it. */
async function prepare() {
  server = await benchServer(work);
  step(
    `Invoices list bench on ${server.name}: ${fmt(INVOICES)} invoices for one supplier, ${CONNECTIONS} connections`,
  );
  throwaway = await createThrowawayDatabase(server.serverUrl, 'bench');
  const url = throwaway.url;
  step('Seeding');
  await (await openPostgres({ url, poolSize: 1 })).close();
  const counts = await withClient(pg, url, (exec) => seedInvoices(exec, { SUPPLIER, BUYER, INVOICES }));
  console.log(
    `  supplier's invoices by status: ${JSON.stringify(counts.supplier)}; the buyer's: ${JSON.stringify(counts.buyer)}`,
  );
  const plans = await withClient(pg, url, async (exec) => {
    const out = [];
    for (const [as, status] of LINES) out.push(await explain(exec, as, status));
    return out;
  });
  step('Starting the API (NODE_ENV=production)');
  const started = await startApi(work, url);
  api = started.child;
  const tokens = createTokenService({ secret: started.jwtSecret, ttlSeconds: 3600 });
  const headers = {
    supplier: { authorization: `Bearer ${await tokens.issue(SUPPLIER)}` },
    buyer: { authorization: `Bearer ${await tokens.issue(BUYER)}` },
  };
  return { counts, plans, base: started.base, headers };
}

async function runLines({ plans, base, headers }) {
  const results = [];
  for (const [i, [as, status]] of LINES.entries()) {
    const path = `/api/invoices?as=${as}${status ? `&status=${status}` : ''}`;
    const first = await fetch(`${base}${path}`, { headers: headers[as] });
    if (!first.ok) throw new Error(`GET ${path}: ${first.status} ${await first.text()}`);
    const body = await first.text();
    const title = `GET ${path} (${JSON.parse(body).items.length} per page, ${fmt(Buffer.byteLength(body))} B)`;
    step(title);
    const request = { method: 'GET', path, headers: headers[as] };
    const r = await measure({
      title,
      base,
      request,
      connections: CONNECTIONS,
      warmup: WARMUP,
      duration: DURATION,
    });
    results.push({ ...r, plan: plans[i] });
  }
  return results;
}

function render(host, counts, results) {
  const row = (r) =>
    `| ${r.title} | ${fmt(r.requestsPerSecond)} | ${fmt(r.p50, 1)} | ${fmt(r.p99, 1)} | ${fmt(r.plan.ms, 2)} | ${r.non2xx + r.errors === 0 ? 'all 200' : `${r.non2xx} non-2xx, ${r.errors} errors`} | ${r.loadavgBefore[0]} → ${r.loadavgAfter[0]} |`;
  const worst = Math.max(...results.map((r) => r.p99));
  const met = worst < TARGET_P99_MS && results.every((r) => r.non2xx === 0);
  const markdown = [
    `Run ${new Date().toISOString()} on ${machineLine(host)}; database ${server.version}. ` +
      `One supplier with ${fmt(counts.supplierTotal)} invoices over a year (net 30; ${Object.entries(
        counts.supplier,
      )
        .map(([k, n]) => `${k} ${fmt(n)}`)
        .join(', ')}), 500 buyers; ` +
      `the buyer's side for a buyer with ${fmt(counts.buyerTotal)} of them and another supplier's. 20 per page with payments and credit note. ` +
      `autocannon from the bench process, ${CONNECTIONS} connections, ${WARMUP} s warm-up then ${DURATION} s each. "SQL ms" is EXPLAIN ANALYZE of the page's statement, alone.`,
    '',
    '| endpoint | req/s | p50 ms | p99 ms | SQL ms | answers | load 1 min |',
    '|---|---:|---:|---:|---:|---|---|',
    ...results.map(row),
    '',
    ...results.map((r) => `- plan of ${r.title.split(' (')[0]}: ${r.plan.nodes.join(' → ')}`),
    '',
    `- invoices list p99 < ${TARGET_P99_MS} ms on every line: worst ${fmt(worst, 1)} ms (${met ? 'met' : '**not met**'})`,
  ].join('\n');
  return { markdown, met };
}

async function main() {
  const host = machine();
  const ctx = await prepare();
  const results = await runLines(ctx);
  await stop(api, 'SIGTERM', 15_000);
  api = undefined;
  const { markdown, met } = render(host, ctx.counts, results);
  writeSection(`Invoices list on ${server.name}`, markdown);
  console.log(`\n${markdown}\n`);
  if (!met) process.exitCode = 1;
}

await runBench(main, () => ({ api, throwaway, server, work, removeWork, keep: KEEP }));
