// Where the machine went during a measured line, the profile that explains its latencies: CPU seconds of the
// API process, of PostgreSQL's processes and of this process (autocannon, the load), read from /proc; the
// whole machine's busy and disk-wait time (/proc/stat) and what it wrote to disk (/proc/vmstat); and what
// PostgreSQL was busy with, from pg_stat_activity sampled every 100 ms: statements active by kind, its own
// background work (autovacuum workers, the checkpointer writing) and, for the soak, the dead rows it keeps.
import { readdirSync, readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import pg from 'pg';

/** Linux counts process CPU time in ticks of 1/100 s (USER_HZ), as /proc/stat does. */
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

/** The machine's CPU seconds (all cores) busy and waiting for the disk, from /proc/stat's first line. */
function machineSeconds() {
  const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
  const [user, nice, system, , iowait, irq, softirq, steal] = ticks;
  const busy = user + nice + system + irq + softirq + steal;
  return { busy: busy / TICKS_PER_SECOND, iowait: iowait / TICKS_PER_SECOND };
}

/** KiB the machine wrote to its disks since boot (pgpgout of /proc/vmstat). */
function kibWritten() {
  return Number(/^pgpgout (\d+)$/m.exec(readFileSync('/proc/vmstat', 'utf8'))?.[1] ?? 0);
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
  // pg_stat_activity keeps a statement's first 1,024 bytes: the export's first alias is in them.
  ['orders export', /as "purchasedAt"/i],
  ['desk and insights', /"orders"|order_history|insights|rollup|p\.low_stock_threshold|with (days|top) as/i],
  ['listing pages', /from "products"[^]*order by/i],
  ['product by id', /from "products"[^]*where "products"\."id" = /i],
];
const kindOf = (query) => KINDS.find(([, re]) => re.test(query))?.[0] ?? 'other';

/** Statements active (client backends), autovacuum workers at work, and whether the checkpointer writes. */
const ACTIVITY = `select backend_type, query, wait_event from pg_stat_activity
  where pid <> pg_backend_pid() and (state = 'active' or backend_type = 'checkpointer')
    and backend_type in ('client backend', 'autovacuum worker', 'checkpointer')`;

/** Dead rows PostgreSQL keeps in the tables the mix writes (cleared only by (auto)vacuum). */
export async function deadRows(exec) {
  const { rows } = await exec(`select coalesce(sum(n_dead_tup), 0)::bigint as dead from pg_stat_user_tables
    where relname in ('products', 'orders', 'order_items', 'cart_items', 'order_history', 'product_search_terms')`);
  return Number(rows[0].dead);
}

function sampler(client) {
  const active = new Map();
  const background = { autovacuum: 0, checkpointing: 0 };
  const state = { samples: 0, running: true };
  const count = (kind) => active.set(kind, (active.get(kind) ?? 0) + 1);
  const done = (async () => {
    while (state.running) {
      const { rows } = await client.query(ACTIVITY);
      state.samples++;
      for (const { backend_type: type, query, wait_event: wait } of rows) {
        if (type === 'client backend') count(kindOf(query));
        else if (type === 'autovacuum worker') background.autovacuum++;
        // Idle, the checkpointer waits on CheckpointerMain; anything else is a checkpoint being written.
        else if (wait !== 'CheckpointerMain') background.checkpointing++;
      }
      await new Promise((resolve) => setTimeout(resolve, SAMPLE_EVERY_MS));
    }
  })();
  return { active, background, state, done };
}

/**
 * Starts measuring; `stop(answers)` answers the CPU shares over the run (of all cores), the machine's busy
 * and disk-wait shares, CPU milliseconds per answer, MB written to disk, the mean number of statements
 * active per kind and PostgreSQL's background work.
 */
async function startProfile({ apiPid, databaseUrl }) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const readings = () => ({
    api: cpuSecondsOf(apiPid),
    postgres: postgresPids().reduce((sum, pid) => sum + cpuSecondsOf(pid), 0),
    load: cpuSecondsOf(process.pid),
    machine: machineSeconds(),
    written: kibWritten(),
    at: performance.now(),
  });
  const before = readings();
  const sampling = sampler(client);
  return {
    async stop(answers = 0) {
      const after = readings();
      sampling.state.running = false;
      await sampling.done;
      await client.end();
      const seconds = (after.at - before.at) / 1000;
      const cores = cpus().length;
      const share = (key) => (after[key] - before[key]) / seconds / cores;
      const machine = (key) => (after.machine[key] - before.machine[key]) / seconds / cores;
      const samples = Math.max(1, sampling.state.samples);
      const perAnswer = (key) => (answers ? (1000 * (after[key] - before[key])) / answers : 0);
      return {
        cores,
        seconds,
        answers,
        msPerAnswer: { api: perAnswer('api'), postgres: perAnswer('postgres'), load: perAnswer('load') },
        cpu: { api: share('api'), postgres: share('postgres'), load: share('load') },
        machine: { busy: machine('busy'), iowait: machine('iowait') },
        cpuMsPerAnswer: answers ? (1000 * (after.machine.busy - before.machine.busy)) / answers : undefined,
        writtenMb: (after.written - before.written) / 1024,
        samples: sampling.state.samples,
        active: [...sampling.active]
          .map(([kind, n]) => ({ kind, mean: n / samples }))
          .sort((a, b) => b.mean - a.mean),
        autovacuum: sampling.background.autovacuum / samples,
        checkpointing: sampling.background.checkpointing / samples,
      };
    },
  };
}

/**
 * Runs `work` under a profile of `target` (startProfile's options) and answers its result with the profile,
 * `answersOf(result)` being what it counts per answer.
 * @template T
 * @param {{ apiPid: number | undefined, databaseUrl: string }} target
 * @param {() => Promise<T>} work @param {(result: T) => number} answersOf
 */
export async function profiled(target, work, answersOf) {
  const profiling = await startProfile(target);
  const result = await work();
  return { result, profile: await profiling.stop(answersOf(result)) };
}

const pct = (v) => `${Math.round(100 * v)} %`;

/**
 * The machine's side: CPU shares, busy and disk wait, CPU per answer, writes, PostgreSQL's background.
 * `per` names what was counted as answers (an export counts rows: its CPU is then given in µs per row).
 */
export function describeMachine(p, per = 'answer') {
  const { api, postgres, load } = p.msPerAnswer;
  const [scale, unit] = per === 'answer' ? [1, 'ms'] : [1000, 'µs'];
  const f = (v) => (v * scale).toFixed(2);
  const perAnswer =
    p.cpuMsPerAnswer === undefined
      ? ''
      : `, ${f(p.cpuMsPerAnswer)} ${unit} of CPU per ${per} (API ${f(api)}, PostgreSQL ${f(postgres)}, load generator ${f(load)})`;
  return (
    `of the ${p.cores} cores, the API used ${pct(p.cpu.api)}, PostgreSQL ${pct(p.cpu.postgres)}, ` +
    `the load generator ${pct(p.cpu.load)}; the machine was ${pct(p.machine.busy)} busy and ${pct(p.machine.iowait)} ` +
    `waiting for the disk${perAnswer}, and wrote ${Math.round(p.writtenMb)} MB to disk; PostgreSQL's own work: ` +
    `autovacuum workers ${p.autovacuum.toFixed(2)} at work on average, the checkpointer writing ${pct(p.checkpointing)} of the time`
  );
}

/** One line for the results: the machine's side and what PostgreSQL's statements were busy with. */
export function describeProfile(profile, per = 'answer') {
  const total = profile.active.reduce((sum, a) => sum + a.mean, 0);
  const busy = profile.active.map((a) => `${a.kind} ${a.mean.toFixed(2)}`).join(', ');
  return (
    `${describeMachine(profile, per)}; PostgreSQL had ${total.toFixed(2)} statements active on average ` +
    `(${profile.samples} samples)${busy ? `: ${busy}` : ''}`
  );
}
