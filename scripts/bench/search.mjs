// The catalog search lines of `npm run bench` (issue 16): a common word and a typo of it on
// GET /api/products (first page of 24, relevance order), and GET /api/products/suggest with a
// 3-letter prefix. `BENCH_ONLY=search` runs only these (plus the ceiling) and writes its own section.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SEARCH_LINES } from './lines.mjs';
import { fmt, RESULTS_DIR, writeSection } from './report.mjs';
import { measureLines, renderLines, TABLE_HEAD, tableRow } from './targets.mjs';

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

// The API keeps search answers under the normalised query (the lexemes: decision 0009), and the
// database's parse of the text under a canonical form that drops trailing punctuation after a space.
// Trailing punctuation is ignored by the search but makes each request's raw q different, so the lines
// below measure what repeated popular queries cost when no two requests send the same text. The
// "uncached" line also sends a random relevance cursor, a key no other request has, so every request
// reads its page from the database (the count stays cached, as it does while paging).
const PUNCTUATION = '!?.,;:';
const noise = (random) =>
  Array.from({ length: 8 }, () => PUNCTUATION[Math.floor(random() * PUNCTUATION.length)]).join('');

/** A relevance cursor (lib/paging/cursor.ts) at rank 12 (name, exact word) after a random product id. */
export const randomCursor = (random) => {
  const hex = Array.from({ length: 32 }, () => Math.floor(random() * 16).toString(16)).join('');
  const id = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20)}`;
  return Buffer.from(JSON.stringify(['relevance', '12', id])).toString('base64url');
};

/** The search lines (lines.mjs) measured with `load`, after the catalog's most common word. */
export async function benchSearch({ load, apiBase, rows, random, step }) {
  const { word, products } = commonWord(rows);
  const withNoise = (path, q, after = '') => ({
    method: 'GET',
    setupRequest: (req) => ({
      ...req,
      path: `${path}${encodeURIComponent(`${q} ${noise(random)}`)}${after}`,
    }),
  });
  const context = {
    word,
    products,
    typo: word.slice(0, 2) + word.slice(3), // third letter missing
    prefix: word.slice(0, 3),
    listing: (q) => withNoise('/api/products?q=', q, '&limit=24'),
    suggest: (prefix) => withNoise('/api/products/suggest?q=', prefix),
    uncached: (q) => ({
      method: 'GET',
      setupRequest: (req) => ({
        ...req,
        path: `/api/products?q=${encodeURIComponent(q)}&limit=24&cursor=${randomCursor(random)}`,
      }),
    }),
  };
  const results = await measureLines(SEARCH_LINES, context, { load, step, base: () => apiBase });
  return { results, word, products };
}

/** The table rows and the targets of the search lines (none when the run did not measure them). */
export function searchReport(r) {
  if (!r.results.searchCommon) return { rows: [], targets: [], notes: [] };
  return {
    ...renderLines(SEARCH_LINES, r.results, { ceiling: r.ceiling.requestsPerSecond }),
    notes: [
      `**Search**: "${r.search.word}" is the most frequent name word of 6+ letters (${fmt(r.search.products)} of ${fmt(r.settings.products)} products match it by name, more by other fields); ` +
        `each request appends 8 random punctuation characters to q, which the search ignores: no two requests send the same text, the search cache (normalised query, dropped by any product write) answers. ` +
        `The uncached line sends a random relevance cursor with each request, so its page is always read from the database (the exact count stays cached, as when paging).`,
    ],
  };
}

/**
 * BENCH_ONLY=search: the search lines between the two ceiling passes, written to their own section of
 * latest.md ("Search on the embedded PostgreSQL" / "Search on PostgreSQL (DATABASE_URL)") so the full run's figures stay as they were.
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
  const lines = searchReport(report);
  // A run at another concurrency gets its own section instead of replacing the default one.
  const name = `${database.kind === 'embedded' ? 'the embedded PostgreSQL' : 'PostgreSQL (DATABASE_URL)'}${settings.connections === 50 ? '' : `, ${settings.connections} connections`}`;
  const markdown = [
    `Run ${report.at} with \`BENCH_ONLY=search\` on ${machine.cores} cores (${machine.cpu}), ${machine.memoryGiB} GiB, Node ${machine.node}; database ${database.version}. ` +
      `${fmt(settings.products)} products; autocannon from a second process, ${settings.connections} connections, ${settings.warmupSeconds} s warm-up then ${settings.durationSeconds} s per endpoint. ` +
      'The machine was shared with other work while this ran (see the load average column): read the figures as an upper bound.',
    '',
    ...TABLE_HEAD,
    tableRow(ceilingBefore, ceiling),
    ...lines.rows,
    tableRow(ceilingAfter, ceiling),
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
