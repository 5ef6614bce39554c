// `npm run test:scale`: three compiled API instances on one fresh PostgreSQL database and one Redis,
// driven round robin over loopback with bounded loops (issue #18). Needs PostgreSQL on 127.0.0.1:5432
// and Redis on 127.0.0.1:6379; without either it says so in one loud line and exits 0. Prints a table
// and ends with `N passed, M failed`; exits 1 on any failure.
//
// Knobs (env): SCALE_DATABASE_URL (admin URL of the server; default postgres://postgres@127.0.0.1:5432/test),
// SCALE_REDIS_DB (Redis database index, default 6), SCALE_PORT_BASE (first port for the instances).
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { ROOT } from '../stack.mjs';
import { cleanupAll, freshDatabase } from '../faults/lib.mjs';
import { startProxy } from '../faults/proxy.mjs';
import { reachable, startCluster, waitForRedisState } from './cluster.mjs';
import { killUnderLoad, redisOutage } from './failures.mjs';
import { makeSupplier } from './fixtures.mjs';
import {
  concurrentPurchases,
  crossInstanceFreshness,
  idempotencyAcrossInstances,
  sharedRateLimit,
} from './steps.mjs';

const REDIS = { host: '127.0.0.1', port: 6379 };
const STEP_TIMEOUT_MS = 90_000;

const missing = [];
if (!(await reachable('127.0.0.1', 5432))) missing.push('PostgreSQL on 127.0.0.1:5432');
if (!(await reachable(REDIS.host, REDIS.port))) missing.push('Redis on 127.0.0.1:6379');
if (missing.length > 0) {
  console.log(
    `!!!!! test:scale SKIPPED: no ${missing.join(' and no ')} on this machine — nothing was tested !!!!!`,
  );
  process.exit(0);
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    await cleanupAll();
    process.exit(130);
  });
}

/** @type {Array<[name: string, title: string, step: (context: any) => Promise<any>]>} */
const STEPS = [
  ['1 purchases', '300 concurrent purchases, 20 products', concurrentPurchases],
  ['2 rate limit', 'POST /api/jwt limit across instances', sharedRateLimit],
  ['3 freshness', 'write on A, read on B and C (caches on)', crossInstanceFreshness],
  ['4 idempotency', 'one Idempotency-Key to all three at once', idempotencyAcrossInstances],
  ['5 kill -9', 'SIGKILL one instance under load', killUnderLoad],
  ['6 redis outage', 'Redis cut and restored under load', redisOutage],
];

const started = Date.now();
const rows = [];
let passed = 0;
let failed = 0;
try {
  console.log('▶ building the API (apps/api/dist)');
  execFileSync(process.execPath, [path.join(ROOT, 'apps', 'api', 'build.mjs')], { stdio: 'inherit' });
  const databaseUrl = await freshDatabase();
  const redisProxy = await startProxy(REDIS);
  const redisUrl = `redis://127.0.0.1:${redisProxy.port}/${process.env.SCALE_REDIS_DB ?? 6}`;
  console.log('▶ starting 3 API instances on one database and one Redis');
  const instances = await startCluster({ count: 3, databaseUrl, redisUrl });
  await waitForRedisState(instances, 'ok');
  console.log(`  instances on ports ${instances.map((a) => a.port).join(', ')}, each connected to Redis`);
  const context = { instances, databaseUrl, redisProxy, supplier: await makeSupplier() };
  for (const [name, title, step] of STEPS) {
    const t0 = Date.now();
    let result;
    try {
      let timer;
      const timeout = new Promise((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`timed out after ${STEP_TIMEOUT_MS / 1000} s`)),
          STEP_TIMEOUT_MS,
        );
      });
      result = await Promise.race([step(context), timeout]).finally(() => clearTimeout(timer));
    } catch (err) {
      result = {
        figure: 'did not finish',
        failures: [err instanceof Error ? (err.stack ?? err.message) : String(err)],
      };
    }
    const ok = result.failures.length === 0;
    if (ok) passed++;
    else failed++;
    rows.push({ name, title, figure: result.figure, ok, seconds: ((Date.now() - t0) / 1000).toFixed(1) });
    console.log(`${ok ? 'PASS' : 'FAIL'} ${name}: ${result.figure}`);
    for (const f of result.failures.slice(0, 10)) console.log(`  ✖ ${f}`);
    const dead = instances.filter((a) => a.alive && a.child.exitCode !== null);
    if (dead.length > 0)
      throw new Error(`${dead.map((a) => a.name).join(', ')} exited:\n${dead[0].output()}`);
  }
} catch (err) {
  failed++;
  console.log(`FAIL setup: ${err instanceof Error ? (err.stack ?? err.message) : err}`);
} finally {
  await cleanupAll();
}

console.log('\n| step | what | measured | result | s |\n|---|---|---|---|---:|');
for (const r of rows)
  console.log(`| ${r.name} | ${r.title} | ${r.figure} | ${r.ok ? 'pass' : 'FAIL'} | ${r.seconds} |`);
console.log(
  `\nscale test took ${((Date.now() - started) / 1000).toFixed(1)} s on ${(await import('node:os')).cpus().length} cores`,
);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
