// The catalog search lines of `npm run bench` (issue 16): a common word and a typo of it on
// GET /api/products (first page of 24, relevance order), and GET /api/products/suggest with a
// 3-letter prefix. `BENCH_ONLY=search` runs only these (plus the ceiling) and writes its own section.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fmt, RESULTS_DIR, writeSection } from './report.mjs';

/**
 * The most frequent word of 6 letters or more in the generated names: "common" measured, not guessed.
 * 6+ letters so that the typo (one letter dropped) still has the 5 the typo matching needs.
 */
export function commonWord(rows) {
  const counts = new Map();
  for (const row of rows) {
    for (const word of new Set(row.name.toLowerCase().match(/[a-z]{6,}/g) ?? [])) {
      counts.set(word, (counts.get(word) ?? 0) + 1);
    }
  }
  const [word, products] = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0];
  return { word, products };
}

// The first page of every listing (search included) is kept for 1 s by the API. Trailing punctuation
// is ignored by the search but makes each request's q (the cache key) different, so what is measured
// is the search itself, never the cache.
const PUNCTUATION = '!?.,;:';
const noise = (random) =>
  Array.from({ length: 8 }, () => PUNCTUATION[Math.floor(random() * PUNCTUATION.length)]).join('');

export async function benchSearch({ load, apiBase, rows, random, step }) {
  const { word, products } = commonWord(rows);
  const typo = word.slice(0, 2) + word.slice(3); // third letter missing
  const prefix = word.slice(0, 3);
  const listing = (q) => ({
    method: 'GET',
    setupRequest: (req) => ({
      ...req,
      path: `/api/products?q=${encodeURIComponent(`${q} ${noise(random)}`)}&limit=24`,
    }),
  });
  const results = {};
  step(`GET /api/products?q=${word} (in ${fmt(products)} names), first page`);
  results.searchCommon = await load(
    `GET /api/products?q=${word}&limit=24 (common word)`,
    apiBase,
    listing(word),
  );
  step(`GET /api/products?q=${typo} (typo), first page`);
  results.searchTypo = await load(
    `GET /api/products?q=${typo}&limit=24 (typo of ${word})`,
    apiBase,
    listing(typo),
  );
  step(`GET /api/products/suggest?q=${prefix}`);
  results.suggest = await load(`GET /api/products/suggest?q=${prefix} (3-letter prefix)`, apiBase, {
    method: 'GET',
    path: `/api/products/suggest?q=${prefix}`,
  });
  return { results, word, products };
}

/** The table rows and the targets of the search lines. */
export function searchReport(r, row) {
  const s = r.results;
  if (!s.searchCommon) return { rows: [], targets: [], notes: [] };
  const pg = r.database.kind === 'postgres';
  const met = (ok) => (ok ? 'met' : '**not met**');
  const target = (label, res, ms) => {
    // No answer at all within autocannon's timeout leaves p99 at 0: that is not a pass.
    const ok = res.okPerSecond > 0 && res.p99 < ms;
    const measured =
      res.okPerSecond > 0 ? `${fmt(res.p99, 1)} ms` : 'no answer within the 10 s client timeout';
    return `- ${label} p99 < ${ms} ms${pg ? '' : ' (the target is for PostgreSQL; PGlite reported as it is)'}: ${measured} (${pg ? met(ok) : ok ? 'met' : 'not met'})`;
  };
  return {
    rows: [row(s.searchCommon), row(s.searchTypo), row(s.suggest)],
    targets: [
      target('search, common word,', s.searchCommon, 50),
      target('search, typo,', s.searchTypo, 50),
      target('suggestions', s.suggest, 20),
    ],
    notes: [
      `**Search**: "${r.search.word}" is the most frequent name word of 6+ letters (${fmt(r.search.products)} of ${fmt(r.settings.products)} products match it by name, more by other fields); ` +
        `each list request appends 8 random punctuation characters to q, which the search ignores, so the API's 1 s first-page cache never answers. Suggestions are not cached.`,
    ],
  };
}

/**
 * BENCH_ONLY=search: the search lines between the two ceiling passes, written to their own section of
 * latest.md ("Search on PGlite" / "Search on PostgreSQL") so the full run's figures stay as they were.
 */
export async function searchOnly({
  load,
  apiBase,
  rows,
  random,
  step,
  ceilingBefore,
  secondPass,
  machine,
  database,
  settings,
}) {
  const { results, word, products } = await benchSearch({ load, apiBase, rows, random, step });
  step('Bare Fastify route (ceiling), second pass');
  const ceilingAfter = await secondPass();
  const ceiling = (ceilingBefore.requestsPerSecond + ceilingAfter.requestsPerSecond) / 2;
  const report = {
    at: new Date().toISOString(),
    database,
    machine,
    settings,
    ceiling: { requestsPerSecond: ceiling },
    results,
    search: { word, products },
  };
  const statuses = (res) =>
    [
      ...Object.entries(res.statuses).map(([code, n]) => `${code}: ${fmt(n)}`),
      ...(res.errors ? [`errors: ${res.errors}`] : []),
      ...(res.timeouts ? [`timeouts: ${res.timeouts}`] : []),
    ].join(', ');
  const row = (res) =>
    `| ${res.title} | ${fmt(res.requestsPerSecond)} | ${fmt(res.p50, 1)} | ${fmt(res.p99, 1)} | ${fmt((100 * res.requestsPerSecond) / ceiling)} % | ${statuses(res)} | ${res.loadavgBefore[0]} → ${res.loadavgAfter[0]} |`;
  const lines = searchReport(report, row);
  // A run at another concurrency gets its own section instead of replacing the default one.
  const name = `${database.kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}${settings.connections === 50 ? '' : `, ${settings.connections} connections`}`;
  const markdown = [
    `Run ${report.at} with \`BENCH_ONLY=search\` on ${machine.cores} cores (${machine.cpu}), ${machine.memoryGiB} GiB, Node ${machine.node}; database ${database.version}. ` +
      `${fmt(settings.products)} products; autocannon from a second process, ${settings.connections} connections, ${settings.warmupSeconds} s warm-up then ${settings.durationSeconds} s per endpoint. ` +
      'The machine was shared with other work while this ran (see the load average column): read the figures as an upper bound.',
    '',
    '| Endpoint | req/s | p50 ms | p99 ms | vs ceiling | responses | load avg |',
    '|---|---:|---:|---:|---:|---|---|',
    row(ceilingBefore),
    ...lines.rows,
    row(ceilingAfter),
    '',
    `Ceiling = mean of the two bare-route passes: ${fmt(ceiling)} req/s.`,
    '',
    ...lines.notes,
    '',
    '**Targets**',
    '',
    ...lines.targets,
  ].join('\n');
  mkdirSync(RESULTS_DIR, { recursive: true });
  writeFileSync(
    path.join(RESULTS_DIR, `search-${database.kind}-${report.at.replace(/[:.]/g, '-')}.json`),
    JSON.stringify(report, null, 2),
  );
  writeSection(`Search on ${name}`, markdown);
  console.log(`\n${markdown}\n`);
  console.log(`Wrote bench/results/latest.md (section "Search on ${name}")`);
}
