// Shared by the benches (orders, quotes, insights, invoices, terms): the API as a production process on a bench
// database, and one autocannon line measured after its warm-up.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { openSync, readFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePort } from '../lib/ports.mjs';
import { UNLIMITED_RATES } from '../lib/unlimited-rates.mjs';
import { API_NODE_ARGS, API_SERVER, BIN, ROOT, buildApi, stop, waitForUrl } from '../stack.mjs';
import { loadavg } from './report.mjs';

/** BENCH_API_NODE_ARGS: extra node arguments of the compiled API (say, --cpu-prof), for every bench. */
export const apiNodeArgsFromEnv = () => (process.env.BENCH_API_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);

/**
 * Starts the API (NODE_ENV=production, mail off, limits far above what a run sends) on `databaseUrl`,
 * its output in `<work>/api.log`; answers its base URL, its JWT secret, the child (for `stop`), its log file and
 * the time from spawn to /api/health answering 200 (`readyMs`).
 * `compiled`: the built API on plain Node, as `npm start` runs it (the child is then the server process
 * itself, whose memory /proc shows); `env` adds or overrides variables; `jwtSecret` reuses a secret.
 * @param {string} work @param {string} databaseUrl
 * @param {{ compiled?: boolean, env?: Record<string, string>, jwtSecret?: string }} [options]
 */
export async function startApi(work, databaseUrl, options = {}) {
  const jwtSecret = options.jwtSecret ?? randomBytes(32).toString('base64url');
  const port = await freePort();
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    MAIL_ENABLED: 'false',
    HOST: '127.0.0.1',
    PORT: String(port),
    JWT_SECRET: jwtSecret,
    ...UNLIMITED_RATES,
    SEED_DEMO_DATA: 'false',
    WEB_DIST_DIR: '',
    DATABASE_URL: databaseUrl,
    ...options.env,
  };
  for (const key of ['FIREBASE_AUTH_EMULATOR_HOST', 'LOG_LEVEL']) delete env[key];
  const logFile = path.join(work, 'api.log');
  if (options.compiled) await buildApi();
  const [command, args] = options.compiled
    ? [process.execPath, [...apiNodeArgsFromEnv(), ...API_NODE_ARGS, API_SERVER]]
    : [path.join(BIN, 'tsx'), [path.join(ROOT, 'apps', 'api', 'src', 'server.ts')]];
  const spawnedAt = performance.now();
  const child = spawn(command, args, {
    cwd: ROOT,
    env,
    stdio: ['ignore', openSync(logFile, 'a'), openSync(logFile, 'a')],
    detached: true,
  });
  child.recentOutput = () => readFileSync(logFile, 'utf8').slice(-4000);
  child.benchName = 'api';
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitForUrl(`${base}/api/health`, { child, timeoutMs: 60_000 });
  } catch (err) {
    // Not ready: the caller never gets the child, so it is stopped here, its log's tail in the error.
    await stop(child, 'SIGTERM', 10_000);
    throw new Error(`${err instanceof Error ? err.message : err}\n[api log] ${child.recentOutput()}`);
  }
  return { base, jwtSecret, child, logFile, readyMs: performance.now() - spawnedAt };
}

/**
 * One line: `WARMUP` seconds, then `DURATION` seconds measured. `request` is an autocannon request
 * (with `setupRequest` to vary it); answers rates, latencies and the answers by status (the 200s of the
 * warm-up too: the purchases that happened).
 */
export async function measure({ title, base, request, connections, warmup, duration }) {
  const options = { url: base, connections, requests: [request], timeout: 10 };
  const warm = warmup > 0 ? await autocannon({ ...options, duration: warmup }) : undefined;
  const before = loadavg();
  const result = await autocannon({ ...options, title, duration });
  const statuses = Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([code, v]) => [code, v.count]),
  );
  return {
    title,
    requestsPerSecond: result.requests.total / result.duration,
    okPerSecond: (statuses['200'] ?? 0) / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statuses,
    okIncludingWarmup: (statuses['200'] ?? 0) + (warm?.statusCodeStats?.['200']?.count ?? 0),
    loadavgBefore: before,
    loadavgAfter: loadavg(),
  };
}

/** `statement` on a plain connection (no pool timeouts): the bulk loads of a bench's seed. */
export async function withClient(pg, url, work) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work((text) => client.query(text));
  } finally {
    await client.end();
  }
}

/**
 * Runs a bench's `main` and always cleans up after it: stops the API child, drops the throwaway database
 * and the work directory (both kept with BENCH_KEEP=1, and said where) and stops the database server.
 * `parts` is read at the end, since a bench creates them as it goes.
 * @param {() => Promise<void>} main
 * @param {() => { api?: any, throwaway?: { name: string, drop: () => Promise<unknown> }, server?: any, work: string, removeWork: () => void, keep: boolean }} parts
 */
export async function runBench(main, parts) {
  try {
    await main();
  } catch (err) {
    console.error(err);
    process.exitCode = 1;
  } finally {
    const { api, throwaway, server, work, removeWork, keep } = parts();
    if (api) await stop(api, 'SIGTERM', 10_000);
    if (keep) console.log(`kept ${work}${throwaway ? ` and database ${throwaway.name}` : ''}`);
    else await throwaway?.drop().catch(() => {});
    await server?.stop();
    if (!keep) removeWork();
  }
}
