// The one renderer of the benches' lines (see lines.mjs for the description format): a results table row
// per measured line and a "Targets" line per line with a target, with its measured figures and
// "met" / "**not met**".
import { fmt } from './report.mjs';

/**
 * A line's target as data; every key given must hold.
 * - shareOfCeiling: req/s at least this percent of the bare route's (the ceiling of the same run)
 * - p99Below: p99 latency under this many milliseconds
 * - perSecondAtLeast: answers 200 per second at least this many
 * - noOversell: the run's oversell check found nothing (`context.oversellFree`)
 * @typedef {{ shareOfCeiling?: number, p99Below?: number, perSecondAtLeast?: number, noOversell?: boolean }} Target
 */

/**
 * One line of a bench: `id` keys its result, `title` is what the table shows (a function of the bench's
 * context when it names a generated word), `label` what the targets list calls it (the title by default),
 * `request(context)` the autocannon request, `extra(result)` text appended to the row's answers.
 * @typedef {{ id: string, title: string | ((context: any) => string), label?: string, step?: (context: any) => string,
 *   request: (context: any) => object, target?: Target, extra?: (result: any) => string, only?: string }} Line
 */

export const met = (ok) => (ok ? 'met' : '**not met**');

export const TABLE_HEAD = [
  '| Endpoint | req/s | p50 ms | p99 ms | vs ceiling | responses | load avg |',
  '|---|---:|---:|---:|---:|---|---|',
];

/** The answers by status, then the client's errors and timeouts. */
export function statusSummary(res) {
  const parts = Object.entries(res.statuses).map(([code, n]) => `${code}: ${fmt(n)}`);
  if (res.errors) parts.push(`errors: ${res.errors}`);
  if (res.timeouts) parts.push(`timeouts: ${res.timeouts}`);
  return parts.join(', ');
}

/** One line of a results table: rate, latencies, share of the ceiling, answers (`extra` appended), load. */
export function tableRow(res, ceiling, extra = '') {
  return `| ${res.title} | ${fmt(res.requestsPerSecond)} | ${fmt(res.p50, 1)} | ${fmt(res.p99, 1)} | ${fmt((100 * res.requestsPerSecond) / ceiling)} % | ${statusSummary(res)}${extra} | ${res.loadavgBefore[0]} → ${res.loadavgAfter[0]} |`;
}

/** What a measured line's answers were: all 200, or how many were not. */
const answers = (r) => (r.non2xx + r.errors === 0 ? 'all 200' : `${r.non2xx} non-2xx, ${r.errors} errors`);

/**
 * The table of the API benches on a seeded database (no ceiling in their runs): endpoint, req/s, p50, p99, the `extra` columns (a head and a cell of the
 * line and its index), the answers and the load before → after.
 * @param {any[]} results
 * @param {Array<{ head: string, cell: (r: any, i: number) => string }>} [extra]
 */
export function resultTable(results, extra = []) {
  const line = (cells) => `| ${cells.join(' | ')} |`;
  return [
    line(['endpoint', 'req/s', 'p50 ms', 'p99 ms', ...extra.map((c) => c.head), 'answers', 'load 1 min']),
    `|${['---', '---:', '---:', '---:', ...extra.map(() => '---:'), '---', '---'].join('|')}|`,
    ...results.map((r, i) =>
      line([
        r.title,
        fmt(r.requestsPerSecond),
        fmt(r.p50, 1),
        fmt(r.p99, 1),
        ...extra.map((c) => c.cell(r, i)),
        answers(r),
        `${r.loadavgBefore[0]} → ${r.loadavgAfter[0]}`,
      ]),
    ),
  ];
}

/**
 * Each key of a target as what is asked, what was measured and whether it holds. A latency or share with
 * no answer, or with failed requests, does not hold: no answer within the client's timeout leaves p99 at 0.
 * @returns {{ asked: string, measured: string, holds: boolean }[]}
 */
function criteria(target, res, { ceiling, oversellFree }) {
  const answered = res.okPerSecond > 0 && res.non2xx === 0 && res.errors === 0;
  const share = (100 * res.requestsPerSecond) / ceiling;
  const list = [];
  const add = (asked, measured, holds) => list.push({ asked, measured, holds });
  if (target.shareOfCeiling !== undefined)
    add(
      `≥ ${target.shareOfCeiling} % of the ceiling`,
      `${fmt(share)} %`,
      answered && share >= target.shareOfCeiling,
    );
  if (target.perSecondAtLeast !== undefined)
    add(
      `≥ ${fmt(target.perSecondAtLeast)}/s`,
      `${fmt(res.okPerSecond)}/s`,
      res.okPerSecond >= target.perSecondAtLeast,
    );
  if (target.p99Below !== undefined)
    add(`p99 < ${target.p99Below} ms`, `p99 ${fmt(res.p99, 1)} ms`, answered && res.p99 < target.p99Below);
  if (target.noOversell)
    add('zero oversell', `oversell ${oversellFree ? 'none' : 'FOUND'}`, Boolean(oversellFree));
  const latencyOrShare = target.shareOfCeiling !== undefined || target.p99Below !== undefined;
  if (latencyOrShare && !answered)
    add(
      '',
      res.okPerSecond > 0
        ? `${fmt(res.non2xx + res.errors)} failed`
        : 'no answer within the 10 s client timeout',
      false,
    );
  return list;
}

/** Whether every key of `line`'s target holds for its result `res`. */
export const targetHolds = (line, res, context) =>
  criteria(/** @type {Target} */ (line.target), res, context).every((c) => c.holds);

/** `- <label> <asked, joined by "with">: <measured> (met / **not met**)` */
export function targetLine(line, res, context) {
  const list = criteria(/** @type {Target} */ (line.target), res, context);
  const asked = list
    .map((c) => c.asked)
    .filter(Boolean)
    .join(' with ');
  const measured = list.map((c) => c.measured).join(', ');
  return `- ${line.label ?? res.title} ${asked}: ${measured} (${met(list.every((c) => c.holds))})`;
}

/**
 * The table rows and the target lines of the measured lines, in the description's order.
 * @param {Line[]} lines
 * @param {Record<string, any>} results measured lines by id (lines not measured are left out)
 * @param {{ ceiling: number, oversellFree?: boolean }} context
 */
export function renderLines(lines, results, context) {
  const measured = lines.filter((line) => results[line.id]);
  return {
    rows: measured.map((line) => tableRow(results[line.id], context.ceiling, line.extra?.(results[line.id]))),
    targets: measured
      .filter((line) => line.target)
      .map((line) => targetLine(line, results[line.id], context)),
  };
}

/**
 * Measures `lines` in turn with `load(title, base, request)`, announcing each with `step`; answers the
 * results by line id.
 * @returns {Promise<Record<string, any>>}
 */
export async function measureLines(lines, context, { load, step, base }) {
  /** @type {Record<string, any>} */
  const results = {};
  for (const line of lines) {
    const title = typeof line.title === 'function' ? line.title(context) : line.title;
    step(line.step?.(context) ?? title);
    results[line.id] = await load(title, base(line), line.request(context));
  }
  return results;
}
