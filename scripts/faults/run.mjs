// `npm run test:faults [name…]`: each scenario on its own fresh database, loopback only, bounded in time,
// cleaning up its processes, proxies, databases and directories whatever happens. Prints PASS/FAIL per
// scenario and ends with the line `N passed, M failed`; exits 1 on any failure.
import { crashUnderLoad } from './crash.mjs';
import { postgresKilled, postgresStale } from './embedded.mjs';
import {
  launcherAloneKill,
  launcherGroupKill,
  launcherSigterm,
  npmAloneKill,
  secondInstance,
} from './launcher.mjs';
import { cleanupAll } from './lib.mjs';
import { crashWithPendingMail, smtpOutage, twoWorkers } from './mail.mjs';
import { databaseOutage } from './outage.mjs';
import { gracefulShutdown } from './shutdown.mjs';

/** @type {Array<[name: string, title: string, scenario: () => Promise<{ failures: string[], figures: string[] }>, timeoutMs?: number]>} */
const SCENARIOS = [
  ['crash', 'Crash under load (PostgreSQL, SIGKILL mid-load, restart)', crashUnderLoad],
  ['outage', 'Database outage (TCP proxy: resets, then a black hole)', databaseOutage],
  ['shutdown', 'Graceful shutdown (SIGTERM under load)', gracefulShutdown],
  [
    'postgres-killed',
    'npm start: its embedded PostgreSQL killed under load, then npm start again',
    postgresKilled,
    600_000,
  ],
  [
    'postgres-stale',
    'npm start: a PostgreSQL server left by a killed run does not block the next start',
    postgresStale,
    600_000,
  ],
  // npm start as a whole: each starts the Auth emulator (10 s when idle, a minute on a busy machine) twice.
  [
    'launcher-group',
    'npm start: kill -9 of its process group under load, then npm start again',
    launcherGroupKill,
    600_000,
  ],
  ['launcher-alone', 'npm start: kill -9 of the launcher alone under load', launcherAloneKill, 600_000],
  ['launcher-npm', 'npm start: kill -9 of npm alone under load', npmAloneKill, 600_000],
  ['launcher-second', 'npm start: a second instance on the same data', secondInstance, 400_000],
  ['launcher-sigterm', 'npm start: SIGTERM under load, then Ctrl-C', launcherSigterm, 600_000],
  ['mail-outage', 'Mail: SMTP down while 50 orders are placed, then back', smtpOutage],
  ['mail-crash', 'Mail: SIGKILL with notifications pending and in flight, restart', crashWithPendingMail],
  ['mail-workers', 'Mail: two API processes deliver 200 notifications from one PostgreSQL', twoWorkers],
];
const SCENARIO_TIMEOUT_MS = 120_000;

const only = process.argv.slice(2);
const selected = SCENARIOS.filter(([name]) => only.length === 0 || only.includes(name));
let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    if (interrupted) return;
    interrupted = true;
    console.error(`\n${signal}: cleaning up…`);
    await cleanupAll();
    process.exit(130);
  });
}

let passed = 0;
let failed = 0;
const started = Date.now();
for (const [name, title, scenario, timeoutMs = SCENARIO_TIMEOUT_MS] of selected) {
  console.log(`\n━━ ${title} ━━`);
  const t0 = Date.now();
  let result;
  try {
    let timer;
    const timeout = new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`timed out after ${timeoutMs / 1000} s`)), timeoutMs);
    });
    result = await Promise.race([scenario(), timeout]).finally(() => clearTimeout(timer));
  } catch (err) {
    result = { failures: [err instanceof Error ? (err.stack ?? err.message) : String(err)], figures: [] };
  } finally {
    await cleanupAll();
  }
  for (const line of result.figures) console.log(`  ${line}`);
  const seconds = ((Date.now() - t0) / 1000).toFixed(1);
  if (result.failures.length === 0) {
    passed++;
    console.log(`PASS ${name} (${seconds} s)`);
  } else {
    failed++;
    for (const f of result.failures.slice(0, 20)) console.log(`  ✖ ${f}`);
    if (result.failures.length > 20) console.log(`  … and ${result.failures.length - 20} more`);
    console.log(`FAIL ${name} (${seconds} s)`);
  }
}
console.log(`\nfault scenarios took ${((Date.now() - started) / 1000).toFixed(1)} s`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
