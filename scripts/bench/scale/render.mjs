// The scale bench's section of bench/results/latest.md: the mixed runs per class, then one line per target
// of issue #29 with the measured figure and "met" / "not met".
import { fmt, machineLine } from '../report.mjs';
import { met } from '../targets.mjs';
import { describeGrowth } from './memory.mjs';
import { costRows, predictedMsPerAnswer } from './costs.mjs';
import { describeProfile } from './profile.mjs';
import { MIX, READ_CLASSES, summarize } from './mix.mjs';

const MB = 2 ** 20;
const ms = (v) => `${fmt(v, 1)} ms`;
const TITLES = {
  product: 'GET /api/products/:id',
  listing: 'listing pages (sorts, categories, filter, later pages)',
  search: 'search (words, typos, later pages) + suggest',
  desk: 'desk + insights reads (suppliers)',
  purchase: 'POST /api/products/purchase/:id',
  edit: 'PUT /api/products/:id',
  import: 'POST /api/my-products/import?mode=commit (5 rows)',
};

/**
 * What the reads' p99 target asks of the machine, from the mixed run's own figures: with every connection
 * waiting for its answer, mean time = connections / throughput (Little's law); the reads' p99 was `spread`
 * times that mean, so p99 < 20 ms needs the throughput below, hence at most this much CPU per answer.
 */
function whatTheTargetTakes(r, all, reads) {
  const k = r.knobs;
  const meanMs = (1000 * k.connections) / all.perSecond;
  const spread = reads.p99 / meanMs;
  const needed = (k.connections * spread) / 0.02;
  const budget = (1000 * r.profile.cores) / needed;
  const spent = r.profile.cpuMsPerAnswer;
  const ceiling = (1000 * r.profile.cores) / spent;
  return (
    `With ${k.connections} connections each waiting for its answer before it asks again, a request's mean time is the connections over the throughput, whatever it asks for (Little's law): ${k.connections} / ${fmt(all.perSecond)} answers/s = ${ms(meanMs)}, and the reads' p99 was ${fmt(spread, 1)} times that mean. ` +
    `A reads p99 under 20 ms at that spread needs ${fmt(needed)} answers/s, at most ${fmt(budget, 2)} ms of CPU per answer on ${r.profile.cores} cores; this mix spent ${fmt(spent, 2)} ms (API, PostgreSQL and the load generator together), so even fully busy the machine answers at most ${fmt(ceiling)}/s, a mean of at least ${ms((1000 * k.connections) / ceiling)}. ` +
    'The machine, not one class, sets the latencies (decision 0005).'
  );
}

function classRows(name, run) {
  const rows = Object.keys(run.stats).map((c) => {
    const s = summarize(run, [c]);
    const codes = Object.entries(s.codes)
      .map(([k, v]) => `${k}: ${fmt(v)}`)
      .join(', ');
    return `| ${name} | ${TITLES[c]} | ${fmt(s.count)} | ${fmt(s.perSecond, 1)} | ${fmt(s.p50, 1)} | ${fmt(s.p99, 1)} | ${codes} |`;
  });
  const errors =
    run.errors || run.timeouts ? `; autocannon errors ${run.errors}, timeouts ${run.timeouts}` : '';
  rows.push(`| ${name} | load average (1 min) | | | | | ${run.before[0]} → ${run.after[0]}${errors} |`);
  return rows;
}

/** The whole section; `r` holds every figure scale.mjs measured. */
export function renderScale(r) {
  const k = r.knobs;
  const reads = summarize(r.mixed, READ_CLASSES);
  const search = summarize(r.mixed, ['search']);
  const purchases = summarize(r.mixed, ['purchase']);
  const readsOnly = summarize(r.readsOnly, [...READ_CLASSES, 'search']);
  const mixedReads = summarize(r.mixed, [...READ_CLASSES, 'search']);
  const all = summarize(r.mixed, Object.keys(r.mixed.stats));
  const ratio = (100 * mixedReads.perSecond) / readsOnly.perSecond;
  const s = r.soak;
  const apiRss = r.rssAfterMixed / MB;
  const lines = [
    `- generation of ${fmt(k.products)} products of ${fmt(k.suppliers)} suppliers and ${fmt(k.orders)} orders (history and rollups included): ${fmt(r.generationSeconds, 1)} s (no target)`,
    `- start to ready with the data already there (compiled API, spawn to /api/health 200; warm-up continues after): ${fmt(r.readyMs / 1000, 2)} s; target ≤ 10 s: ${met(r.readyMs <= 10_000)}`,
    `- mixed load, reads p99 (product, listing, desk): ${ms(reads.p99)}; target < 20 ms: ${met(reads.p99 < 20 && reads.failed === 0)}`,
    `- mixed load, search p99 (all kinds, later pages included): ${ms(search.p99)}; target < 30 ms: ${met(search.p99 < 30 && search.failed === 0)}`,
    `- mixed load, purchases: ${fmt(purchases.perSecond, 1)}/s, p99 ${ms(purchases.p99)}; oversell after the mixed load: ${r.oversellMixed.mismatched} mismatched, ${r.oversellMixed.negative} below 0 over ${fmt(r.oversellMixed.products)} products (${fmt(r.oversellMixed.bought)} bought from); target 0 oversold, p99 < 100 ms: ${met(r.oversellMixed.ok && purchases.p99 < 100)}`,
    `- mixed-load read throughput (reads and search): ${fmt(mixedReads.perSecond)}/s against ${fmt(readsOnly.perSecond)}/s with 0 % purchases: ${fmt(ratio)} %; target ≥ 70 %: ${met(ratio >= 70)}`,
    `- deep pages: ${r.deep.listing.title} p99 ${ms(r.deep.listing.p99)} (${fmt(r.deep.listing.requestsPerSecond)} req/s), ${r.deep.search.title} p99 ${ms(r.deep.search.p99)} (${fmt(r.deep.search.requestsPerSecond)} req/s); no target of their own (today 158 / 103 ms for the search page)`,
    `- product by id, cold cache (first read of each of ${fmt(r.cold.count)} random ids, one at a time, API started with PRODUCT_CACHE_MB=1 so no warm-up holds them): p50 ${ms(r.cold.p50)}, p99 ${ms(r.cold.p99)}; target p99 < 10 ms on PostgreSQL: ${met(r.cold.p99 < 10 && r.cold.failed === 0)}; while it ran, ${describeProfile(r.cold.profile)}`,
    `- orders desk of the supplier holding ${fmt(r.bigOrders)} orders: first page p99 ${ms(r.desk.first.p99)}, Placed tab p99 ${ms(r.desk.placed.p99)}; target < 20 ms: ${met(r.desk.first.p99 < 20 && r.desk.placed.p99 < 20 && r.desk.first.non2xx + r.desk.placed.non2xx === 0)}`,
    `- orders CSV export of that supplier: ${fmt(r.export.rows)} rows in ${fmt(r.export.seconds, 1)} s, ${fmt(r.export.rowsPerSecond)} rows/s, API RSS +${fmt(r.export.growth / MB, 1)} MB while streaming (from ${fmt(r.export.before / MB)} MB); target ≥ 50,000 rows/s and < 50 MB: ${met(r.export.rowsPerSecond >= 50_000 && r.export.growth < 50 * MB)}; while it streamed, ${describeProfile(r.export.profile, 'row')}`,
    `- API RSS after the mixed load: ${fmt(apiRss)} MB (default PRODUCT_CACHE_MB); target ≤ 600 MB: ${met(apiRss <= 600)}`,
    `- soak, the mixed load for ${fmt(k.soak)} s: RSS ${fmt(s.rssAtWindow / MB)} → ${fmt(s.rssEnd / MB)} MB after the first ${fmt(s.window)} s (${fmt(s.growthPercent, 1)} %), ${fmt(s.failures)} errors, p99 first ${fmt(s.window)} s ${ms(s.firstP99)}, last ${ms(s.lastP99)}; oversell after: ${r.oversellSoak.ok ? 'none' : 'FOUND'}; target growth < 5 %, 0 errors, last p99 within 20 % of the first: ${met(s.growthPercent < 5 && s.failures === 0 && s.lastP99 <= 1.2 * s.firstP99 && r.oversellSoak.ok)}; answers ${fmt(s.firstPerSecond)}/s in the first ${fmt(s.window)} s and ${fmt(s.lastPerSecond)}/s in the last, dead rows in the written tables ${fmt(s.dead.before)} → ${fmt(s.dead.after)} (autovacuum ${r.autovacuum}); ${describeGrowth(s.memory)}`,
  ];
  const share = Object.entries(MIX)
    .map(([c, p]) => `${c} ${p} %`)
    .join(', ');
  return [
    `Run ${r.at} on ${machineLine(r.host)}; database ${r.version} (autovacuum ${r.autovacuum}${r.autovacuum === 'off' ? ': dead rows are never cleared, so reads slow as writes go on; decision 0005' : ''}). ${fmt(k.products)} products of ${fmt(k.suppliers)} suppliers, ${fmt(k.orders)} orders (${fmt(r.bigOrders)} for bench-supplier-0). ` +
      `Mixed load: autocannon from the bench process, ${k.connections} connections, ${k.mixed} s per run, each request drawn from the mix (${share}; reads-only drops the purchases), latencies per class from autocannon's per-response timing. ` +
      `Single lines: ${k.warmup} s warm-up then ${k.duration} s. Figures are under the load average shown (1 min, before → after).`,
    '',
    '| run | class | answers | per s | p50 ms | p99 ms | status codes |',
    '|---|---|---:|---:|---:|---:|---|',
    ...classRows('mixed', r.mixed),
    ...classRows('reads-only', r.readsOnly),
    '',
    `**Where the machine went in the mixed run**: ${describeProfile(r.profile)}. ${whatTheTargetTakes(r, all, reads)}`,
    '',
    `**What each class costs** (each alone on the same ${k.connections} connections for ${k.costSeconds} s, after the soak; CPU of the whole machine per answer, in ms): weighted by the mix's shares they predict ${fmt(predictedMsPerAnswer(r.costs), 2)} ms of CPU per answer, where the mixed run measured ${fmt(r.profile.cpuMsPerAnswer, 2)} ms.`,
    '',
    ...costRows(r.costs, TITLES),
    '',
    '**Targets (issue #29)**',
    '',
    ...lines,
  ].join('\n');
}
