// run.mjs's sections of bench/results/latest.md (the full run, BENCH_ONLY=purchases, BENCH_ONLY=reads):
// the tables and targets come from the lines' description (lines.mjs) through targets.mjs.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { API_LINES, PURCHASE_LINE } from './lines.mjs';
import { oversellFree, oversellNote } from './purchases.mjs';
import { fmt, machineLine, RESULTS_DIR } from './report.mjs';
import { searchReport } from './search.mjs';
import { met, renderLines, TABLE_HEAD, tableRow } from './targets.mjs';

/** Writes `report` as bench/results/<prefix><kind>-<time>.json (ignored by git). */
export function writeJson(prefix, kind, report) {
  mkdirSync(RESULTS_DIR, { recursive: true });
  writeFileSync(
    path.join(RESULTS_DIR, `${prefix}${kind}-${report.at.replace(/[:.]/g, '-')}.json`),
    JSON.stringify(report, null, 2),
  );
}

/** The table between the two ceiling passes and the targets of `lines`, for the measured ones. */
function linesTable(lines, r, extraRows = []) {
  const ceiling = r.ceiling.requestsPerSecond;
  const rendered = renderLines(lines, r.results, {
    ceiling,
    oversellFree: r.oversell && oversellFree(r.oversell),
  });
  return {
    table: [
      ...TABLE_HEAD,
      tableRow(r.ceiling.first, ceiling),
      ...rendered.rows,
      ...extraRows,
      tableRow(r.ceiling.second, ceiling),
    ],
    targets: rendered.targets,
  };
}

/** The full run's section. */
export function renderFull(r, knobs) {
  const ratio = (100 * r.bytes.firstPage) / r.bytes.catalog;
  const search = searchReport(r);
  const { table, targets } = linesTable([...API_LINES, PURCHASE_LINE], r, search.rows);
  return [
    `Run ${r.at} on ${r.machine.cores} cores (${r.machine.cpu}), ${r.machine.memoryGiB} GiB, Node ${r.machine.node}; database ${r.database.version}. ` +
      `${fmt(r.settings.products)} generated products${r.settings.demoCatalog ? ' after the demo catalog `npm start` seeds' : ''}; autocannon from a second process, ${r.settings.connections} connections, ${r.settings.warmupSeconds} s warm-up then ${r.settings.durationSeconds} s per endpoint. ` +
      `Latencies in whole milliseconds (autocannon's resolution). Load average (1 min) before → after each run in the last column.`,
    '',
    ...table,
    '',
    `Ceiling = mean of the two bare-route passes: ${fmt(r.ceiling.requestsPerSecond)} req/s (a Fastify route answering one fixed product, no database, no logger).` +
      (r.results.bareDb
        ? ` The reference row is that bare server reading the product with one prepared statement (node-postgres, pool of 20, no logger, no validation): the most a route that asks the database can do here.`
        : ''),
    '',
    oversellNote(r.oversell, knobs, true),
    '',
    `**Bytes**: first page of All Products (\`GET /api/products?limit=24\`) ${fmt(r.bytes.firstPage)} B; whole catalog as one array ${fmt(r.bytes.catalog)} B ` +
      `(${fmt(r.bytes.items)} products over ${r.bytes.pages} pages of 500; x-total-count ${fmt(r.bytes.totalHeader)}): ${fmt(ratio, 3)} %.`,
    '',
    ...search.notes.flatMap((note) => [note, '']),
    `**API log**: ${fmt(r.apiLog.lines)} lines, ${fmt(r.apiLog.bytes / 2 ** 20, 1)} MiB for ${fmt(r.apiLog.requestsMeasured)} measured requests (plus warm-ups).`,
    '',
    '**Targets**',
    '',
    ...targets,
    `- first page < 1 % of the whole catalog: ${fmt(ratio, 3)} % (${met(ratio < 1)})`,
    ...search.targets,
  ].join('\n');
}

/** BENCH_ONLY=purchases: the purchase line between the two ceiling passes and the oversell check. */
export function renderPurchasesOnly(r, knobs) {
  const { table } = linesTable([PURCHASE_LINE], r);
  return [
    `Run ${r.at} with \`BENCH_ONLY=purchases\` on ${r.machine.cores} cores (${r.machine.cpu}), Node ${r.machine.node}; database ${r.database.version}. ` +
      `${fmt(r.settings.products)} products; ${r.settings.connections} connections, ${r.settings.warmupSeconds} s warm-up then ${r.settings.durationSeconds} s. Load average (1 min) before → after in the last column.`,
    '',
    ...table,
    '',
    oversellNote(r.oversell, knobs, false),
  ].join('\n');
}

/** BENCH_ONLY=reads: the cached reads with their targets (issue #17). */
export function renderReadsOnly(r, lines, { serverName, products, apiLogLines }) {
  const { table, targets } = linesTable(lines, r);
  return [
    `Reads on ${serverName} (BENCH_ONLY=reads), ${r.at}, ${machineLine(r.machine)}; database ${r.database.version}; ` +
      `${fmt(products)} products, ${r.settings.connections} connections, ${r.settings.warmupSeconds} s warm-up then ${r.settings.durationSeconds} s per line.`,
    '',
    ...table,
    '',
    `Ceiling = mean of the two bare-route passes: ${fmt(r.ceiling.requestsPerSecond)} req/s. API log: ${fmt(apiLogLines)} lines.`,
    '',
    ...targets,
  ].join('\n');
}
