// Where the machine went during a mixed run, the profile that explains its latencies: CPU seconds of the
// API process, of PostgreSQL's processes and of this process (autocannon, the load), read from /proc; and
// what PostgreSQL was busy with, from pg_stat_activity sampled every 100 ms (statements active, by kind).
import { readdirSync, readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import pg from 'pg';

/** Linux counts process CPU time in ticks of 1/100 s (USER_HZ). */
const TICKS_PER_SECOND = 100;
const SAMPLE_EVERY_MS = 100;

/** utime + stime of `pid`, in seconds; 0 once it is gone. */
function cpuSecondsOf(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/** Every PostgreSQL process on the machine (server, backends, workers), by pid. */
function postgresPids() {
  const pids = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres') pids.push(Number(entry));
    } catch {
      // Gone meanwhile.
    }
  }
  return pids;
}

/**
 * The kinds of statement the mix sends, by what their SQL reads: the first that matches names it.
 * @type {Array<[string, RegExp]>}
 */
const KINDS = [
  ['purchases', /with "taken" as/i],
  ['search totals', /count\(distinct[^)]*\)[^]*product_search_terms|count\(\*\)[^]*search_vector/i],
  ['search word lists (typos, prefixes)', /product_search_words|with recursive p\(word\)/i],
  ['search pages', /product_search_terms|search_vector/i],
  ['imports (new products)', /^\s*insert into "products"/i],
  ['edits and imports (product updates)', /^\s*update "products"/i],
  ['commits', /^\s*commit/i],
  ['notifications', /pg_notify/i],
  ['desk and insights', /"orders"|order_history|insights|rollup|p\.low_stock_threshold|with (days|top) as/i],
  ['listing pages', /from "products"[^]*order by/i],
  ['product by id', /from "products"[^]*where "products"\."id" = /i],
];
const kindOf = (query) => KINDS.find(([, re]) => re.test(query))?.[0] ?? 'other';

/**
 * Starts measuring; `stop()` answers the CPU shares over the run (of all cores) and the mean number of
 * statements active per kind.
 */
export async function startProfile({ apiPid, databaseUrl }) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const cpuAt = () => ({
    api: cpuSecondsOf(apiPid),
    postgres: postgresPids().reduce((sum, pid) => sum + cpuSecondsOf(pid), 0),
    load: cpuSecondsOf(process.pid),
    at: performance.now(),
  });
  const before = cpuAt();
  const active = new Map();
  let samples = 0;
  let running = true;
  const sampling = (async () => {
    while (running) {
      const { rows } = await client.query(
        `select query from pg_stat_activity
          where state = 'active' and backend_type = 'client backend' and pid <> pg_backend_pid()`,
      );
      samples++;
      for (const { query } of rows) active.set(kindOf(query), (active.get(kindOf(query)) ?? 0) + 1);
      await new Promise((resolve) => setTimeout(resolve, SAMPLE_EVERY_MS));
    }
  })();
  return {
    async stop() {
      const after = cpuAt();
      running = false;
      await sampling;
      await client.end();
      const seconds = (after.at - before.at) / 1000;
      const share = (key) => (after[key] - before[key]) / seconds / cpus().length;
      return {
        cores: cpus().length,
        cpu: { api: share('api'), postgres: share('postgres'), load: share('load') },
        samples,
        active: [...active]
          .map(([kind, n]) => ({ kind, mean: n / Math.max(1, samples) }))
          .sort((a, b) => b.mean - a.mean),
      };
    },
  };
}

/** One line for the results: the CPU shares and what PostgreSQL was busy with. */
export function describeProfile(profile) {
  const pct = (v) => `${Math.round(100 * v)} %`;
  const total = profile.active.reduce((sum, a) => sum + a.mean, 0);
  const busy = profile.active.map((a) => `${a.kind} ${a.mean.toFixed(2)}`).join(', ');
  return (
    `of the ${profile.cores} cores, the API used ${pct(profile.cpu.api)}, PostgreSQL ${pct(profile.cpu.postgres)}, ` +
    `the load generator ${pct(profile.cpu.load)}; PostgreSQL had ${total.toFixed(2)} statements active on average ` +
    `(${profile.samples} samples): ${busy}`
  );
}
