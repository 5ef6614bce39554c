// `npm run bench` (part), or alone: `node scripts/bench/invoices.mjs`. The invoices list with 100,000
// invoices (issue #25): GET /api/invoices?as=supplier, each status tab, and the buyer's side. Seeds a fresh
// database (embedded PostgreSQL in a temp directory, or DATABASE_URL's server) through the real migrations,
// the invoices directly in SQL, starts the API in production mode and drives it with autocannon. Prints each
// line's plan (EXPLAIN ANALYZE of the list's query) and writes the "Invoices list on …" section of
// bench/results/latest.md. Target: p99 under 20 ms.
//
// Knobs (env): BENCH_INVOICES=100000 BENCH_DURATION=8 BENCH_WARMUP=2 BENCH_CONNECTIONS=50 BENCH_KEEP=1.
import { ApiBench, benchUser } from './api-bench.mjs';
import { invoicesListSql, seedInvoices } from './invoices-seed.mjs';
import { envNumber, fmt } from './report.mjs';
import { met as verdict, resultTable } from './targets.mjs';

const bench = new ApiBench('invoices');
const INVOICES = envNumber('BENCH_INVOICES', 100_000);
const TARGET_P99_MS = 20;
const SUPPLIER = benchUser('bench-invoices-supplier', 'Invoices Supplier');
const BUYER = benchUser('bench-big-buyer', 'Big Buyer');

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
  const { url, seeded } = await bench.seededDatabase(
    (server) =>
      `Invoices list bench on ${server}: ${fmt(INVOICES)} invoices for one supplier, ${bench.CONNECTIONS} connections`,
    async (exec) => {
      const counts = await seedInvoices(exec, { SUPPLIER, BUYER, INVOICES });
      console.log(
        `  supplier's invoices by status: ${JSON.stringify(counts.supplier)}; the buyer's: ${JSON.stringify(counts.buyer)}`,
      );
      const plans = [];
      for (const [as, status] of LINES) plans.push(await explain(exec, as, status));
      return { counts, plans };
    },
  );
  const { base, signedAs } = await bench.startApi(url);
  const headers = { supplier: await signedAs(SUPPLIER), buyer: await signedAs(BUYER) };
  return { ...seeded, base, headers };
}

async function runLines({ plans, base, headers }) {
  const results = [];
  for (const [i, [as, status]] of LINES.entries()) {
    const path = `/api/invoices?as=${as}${status ? `&status=${status}` : ''}`;
    const first = await fetch(`${base}${path}`, { headers: headers[as] });
    if (!first.ok) throw new Error(`GET ${path}: ${first.status} ${await first.text()}`);
    const body = await first.text();
    const title = `GET ${path} (${JSON.parse(body).items.length} per page, ${fmt(Buffer.byteLength(body))} B)`;
    bench.step(title);
    const r = await bench.load(title, base, { method: 'GET', path, headers: headers[as] });
    results.push({ ...r, plan: plans[i] });
  }
  return results;
}

function render(counts, results) {
  const worst = Math.max(...results.map((r) => r.p99));
  const met = worst < TARGET_P99_MS && results.every((r) => r.non2xx === 0);
  const markdown = [
    bench.runLine() +
      `One supplier with ${fmt(counts.supplierTotal)} invoices over a year (net 30; ${Object.entries(
        counts.supplier,
      )
        .map(([k, n]) => `${k} ${fmt(n)}`)
        .join(', ')}), 500 buyers; ` +
      `the buyer's side for a buyer with ${fmt(counts.buyerTotal)} of them and another supplier's. 20 per page with payments and credit note. ` +
      `${bench.loadLine()}. "SQL ms" is EXPLAIN ANALYZE of the page's statement, alone.`,
    '',
    ...resultTable(results, [{ head: 'SQL ms', cell: (r) => fmt(r.plan.ms, 2) }]),
    '',
    ...results.map((r) => `- plan of ${r.title.split(' (')[0]}: ${r.plan.nodes.join(' → ')}`),
    '',
    `- invoices list p99 < ${TARGET_P99_MS} ms on every line: worst ${fmt(worst, 1)} ms (${verdict(met)})`,
  ].join('\n');
  return { markdown, met };
}

async function main() {
  const ctx = await prepare();
  const results = await runLines(ctx);
  await bench.stopApi();
  bench.publish('Invoices list', render(ctx.counts, results));
}

await bench.run(main);
