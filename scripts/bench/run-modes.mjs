// run.mjs's runs after the first ceiling pass: the full run, and the single-purpose ones (BENCH_ONLY=reads:
// the cached reads of issue #17; purchases: the purchase line and its oversell check; search), each ending
// with the second ceiling pass.
import { statSync } from 'node:fs';
import { stop } from '../stack.mjs';
import { renderFull, renderPurchasesOnly, renderReadsOnly, writeJson } from './api-report.mjs';
import { API_LINES } from './lines.mjs';
import { countLines } from './log-files.mjs';
import { measurePurchases, oversellPassed, stopAndCheckOversell } from './purchases.mjs';
import { measureBytes } from './run-servers.mjs';
import { benchSearch, searchOnly as benchSearchOnly } from './search.mjs';
import { writeSection } from './report.mjs';
import { measureLines } from './targets.mjs';

/** The report's common part: when, where, with what settings, the ceiling of both passes. */
function header({ server, host, settings }, ceilingFirst, ceilingSecond) {
  return {
    at: new Date().toISOString(),
    database: { kind: server.kind, version: server.version },
    machine: host,
    settings,
    ceiling: {
      requestsPerSecond: (ceilingFirst.requestsPerSecond + ceilingSecond.requestsPerSecond) / 2,
      first: ceilingFirst,
      second: ceilingSecond,
    },
  };
}

/**
 * BENCH_ONLY=reads: the reads of BENCH_READS served from memory, with their targets. Printed and written
 * as JSON only: the full run owns latest.md.
 */
export async function readsOnly(run, ceilingFirst) {
  const { server, knobs } = run;
  for (const name of knobs.reads)
    if (!API_LINES.some((line) => line.read === name))
      throw new Error(`BENCH_READS: unknown line ${name} (product, page, categories, html)`);
  const lines = API_LINES.filter((line) => line.read && knobs.reads.includes(line.read));
  if (knobs.reads.includes('html')) await warmPages(run, '/product/', run.htmlIds);
  const results = await measureLines(lines, run, run.measuring);
  const ceilingSecond = await run.ceiling('second');
  // Stopped here so a --cpu-prof of BENCH_API_NODE_ARGS is written before the report.
  await stop(run.api, 'SIGTERM', 15_000);
  const report = { ...header(run, ceilingFirst, ceilingSecond), results };
  const markdown = renderReadsOnly(report, lines, {
    serverName: server.name,
    products: knobs.products,
    apiLogLines: countLines(run.apiLog),
  });
  writeJson('reads-', server.kind, report);
  console.log(`\n${markdown}\n`);
}

/** Reads each page once (eight at a time, compressed as a browser asks), so the line measures them kept. */
async function warmPages(run, prefix, pageIds) {
  run.step(`Warming ${pageIds.length} pages (${prefix}:id), one read each`);
  const queue = [...pageIds];
  const worker = async () => {
    for (let id = queue.pop(); id; id = queue.pop()) {
      const res = await fetch(`${run.apiBase}${prefix}${id}`, { headers: { 'accept-encoding': 'br' } });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${prefix}${id}: ${res.status}`);
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
}

/** BENCH_ONLY=purchases: the measured purchase line and its oversell check, in their own section. */
export async function purchasesOnly(run, ceilingFirst) {
  const { server, knobs } = run;
  const results = await measurePurchases(run);
  const ceilingSecond = await run.ceiling('second');
  const oversell = await stopAndCheckOversell(run, results);
  const report = { ...header(run, ceilingFirst, ceilingSecond), results, oversell };
  writeJson('purchases-', server.kind, report);
  const markdown = renderPurchasesOnly(report, knobs);
  writeSection(`Purchases on ${server.name}`, markdown);
  console.log(`\n${markdown}\n`);
  if (!oversellPassed(oversell, knobs)) {
    console.error('✖ integrity check failed: see the table');
    process.exitCode = 1;
  }
}

/** BENCH_ONLY=search: search.mjs's own section, between the two ceiling passes. */
export async function searchOnly(run, ceilingFirst) {
  const { server, load, apiBase, rows, random, step, host, settings } = run;
  await benchSearchOnly({
    load,
    apiBase,
    rows,
    random,
    step,
    ceilingBefore: ceilingFirst,
    secondPass: () => run.ceiling('second'),
    machine: host,
    database: { kind: server.kind, version: server.version },
    settings,
  });
}

/** The full run after the first ceiling pass: catalog lines, purchases, search, second pass, bytes, oversell. */
export async function fullRun(run, ceilingFirst) {
  const { server, knobs, step, load } = run;
  const results = await measureLines(
    API_LINES.filter((line) => !line.readsOnly),
    run,
    run.measuring,
  );
  Object.assign(results, await measurePurchases(run));
  const search = await benchSearch({ load, apiBase: run.apiBase, rows: run.rows, random: run.random, step });
  Object.assign(results, search.results);
  const ceilingSecond = await run.ceiling('second');
  step('Bytes: first page versus the whole catalog (paging with limit=500)');
  const bytes = await measureBytes(run.apiBase);
  const oversell = await stopAndCheckOversell(run, results);
  const report = {
    ...header(run, ceilingFirst, ceilingSecond),
    settings: { ...run.settings, demoCatalog: server.kind === 'embedded' },
    results,
    search: { word: search.word, products: search.products },
    bytes,
    oversell,
    apiLog: {
      bytes: statSync(run.apiLog).size,
      lines: countLines(run.apiLog),
      requestsMeasured: Object.entries(results).reduce(
        (n, [key, r]) => (key === 'bareDb' ? n : n + r.total),
        0,
      ),
    },
  };
  writeJson('', server.kind, report);
  const markdown = renderFull(report, knobs);
  writeSection(`API on ${server.name}`, markdown);
  console.log(`\n${markdown}\n`);
  console.log(`Wrote bench/results/latest.md (section "API on ${server.name}")`);
  if (!oversellPassed(oversell, knobs) || bytes.items !== run.initialStock.size) {
    console.error('✖ integrity check failed: see the table');
    process.exitCode = 1;
  }
}
