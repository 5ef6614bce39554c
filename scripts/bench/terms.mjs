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
import { ApiBench, benchUser } from './api-bench.mjs';
import { withClient } from './api-process.mjs';
import { envNumber, fmt } from './report.mjs';
import { met as verdict } from './targets.mjs';
import { seedTerms } from './terms-seed.mjs';

const bench = new ApiBench('terms');
const BUYERS = envNumber('BENCH_BUYERS', 100);
const SUPPLIERS = envNumber('BENCH_SUPPLIERS', 20);
const HISTORY = envNumber('BENCH_HISTORY', 500);
/** Purchases on account may be at most this much slower than without terms. */
const TARGET_PERCENT = 85;

/** A fresh database with the bench's data and the API on it; answers what the runs need. */
async function prepare() {
  const { url, seeded } = await bench.seededDatabase(
    (server) =>
      `Purchases on account bench on ${server}: ${SUPPLIERS} suppliers, 2 x ${BUYERS} buyers, ${bench.CONNECTIONS} connections`,
    (exec) => seedTerms(exec, { BUYERS, SUPPLIERS, HISTORY }),
  );
  console.log(
    `  ${fmt(seeded.products)} products, ${fmt(seeded.accounts)} accounts, ${fmt(seeded.orders)} past orders`,
  );
  const { base, tokens } = await bench.startApi(url);
  const group = (prefix) =>
    Promise.all(
      Array.from({ length: BUYERS }, (_, k) => tokens.issue(benchUser(`${prefix}-${k}`, `${prefix} ${k}`))),
    );
  const buyers = { prepay: await group('bench-prepay'), net: await group('bench-net') };
  return { url, base, productIds: seeded.productIds, buyers };
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
    bench.step(title);
    passes.push({ ...(await bench.load(title, base, purchase(kind))), kind });
  }
  return passes;
}

function report(passes, terms) {
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
    bench.runLine() +
      `${SUPPLIERS} suppliers with 50 products each; ${BUYERS} buyers without terms and ${BUYERS} on net 30 (credit limit $1,000,000,000), each with an account with every supplier and ${HISTORY} past orders (delivered, invoiced, paid). ` +
      `One unit of a random product per purchase. ${bench.loadLine()}, the two groups alternated.`,
    '',
    '| purchases | req/s | purchases/s | p50 ms | p99 ms | answers | load 1 min |',
    '|---|---:|---:|---:|---:|---|---|',
    ...passes.map(row),
    '',
    `Orders placed in the run, by the terms the account gave them: ${Object.entries(terms)
      .map(([k, n]) => `${k} ${fmt(n)}`)
      .join(', ')}.`,
    '',
    `- purchases on account ≥ ${TARGET_PERCENT} % of purchases without terms: ${fmt(mean('net'))}/s vs ${fmt(mean('prepay'))}/s = ${fmt(ratio, 1)} % (${verdict(met)})`,
  ].join('\n');
  return { markdown, met };
}

/** The orders the passes placed, by the terms their account gave them (counted once the API has stopped). */
function ordersByTerms(url) {
  return withClient(pg, url, async (exec) => {
    const { rows } = await exec(
      `select payment_terms, count(*)::int as n from cart_items where status = 'placed' group by 1`,
    );
    return Object.fromEntries(rows.map((r) => [r.payment_terms, r.n]));
  });
}

async function main() {
  const ctx = await prepare();
  const passes = await runPasses(ctx);
  await bench.stopApi();
  bench.publish('Purchases on account', report(passes, await ordersByTerms(ctx.url)));
}

await bench.run(main);
