// `npm test`: typecheck, lint, formatting (prettier --check), the schema against its migrations, every Vitest suite (the API on an embedded PostgreSQL server it starts from
// the npm-shipped binaries, and on TEST_DATABASE_URL's server too when it is set), the production build with its size budget, then the browser journeys
// (Chromium is found, or installed when this process may, before anything else runs).
// Stops at the first failing step and prints how long each step took.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { ensureChromium } from './lib/browser.mjs';
import { E2E_BASE_URL, E2E_HEALTH_URL, E2E_STACK_STARTED, e2eStackEnv } from './lib/e2e-stack.mjs';
import { ROOT, BIN, run, stop, waitForUrl } from './stack.mjs';

const steps = [];
const only = process.argv.slice(2);
const want = (name) => only.length === 0 || only.includes(name);

function step(name, command, args, env = {}) {
  if (!want(name)) return;
  const started = Date.now();
  console.log(
    `\n━━ ${name} ━━  ${command === process.execPath ? 'node' : path.basename(command)} ${args.join(' ')}`,
  );
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = (Date.now() - started) / 1000;
  steps.push({ name, seconds, ok: result.status === 0 });
  if (result.status !== 0) stopAfterFailure(`${name} failed (exit ${result.status ?? result.signal})`);
}

/**
 * Runs `tasks` at most `lanes` at a time; each task's output is printed when it ends. The summary gets one
 * line per task; a failure stops the run once the tasks under way have ended.
 * @param {{ name: string, label: string, command: string, args: string[] }[]} tasks
 * @param {number} lanes
 */
async function parallelSteps(tasks, lanes) {
  if (tasks.length === 0) return;
  console.log(
    `\n━━ ${[...new Set(tasks.map((t) => t.name))].join(', ')} ━━  ${tasks.length} checks, ${lanes} at a time`,
  );
  const queue = [...tasks];
  let failed;
  const runOne = (task) =>
    new Promise((resolve) => {
      const started = Date.now();
      const child = spawn(task.command, task.args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
      /** @type {Buffer[]} */
      const output = [];
      child.stdout.on('data', (chunk) => output.push(chunk));
      child.stderr.on('data', (chunk) => output.push(chunk));
      child.on('close', (code, signal) => {
        const seconds = (Date.now() - started) / 1000;
        steps.push({ name: task.label, seconds, ok: code === 0 });
        console.log(`${code === 0 ? '✔' : '✖'} ${task.label} (${seconds.toFixed(1)} s)`);
        if (output.length > 0) process.stdout.write(Buffer.concat(output));
        if (code !== 0) failed ??= `${task.label} failed (exit ${code ?? signal})`;
        resolve(undefined);
      });
    });
  const lane = async () => {
    for (let task = queue.shift(); task && !failed; task = queue.shift()) await runOne(task);
  };
  await Promise.all(Array.from({ length: lanes }, lane));
  if (failed) stopAfterFailure(failed);
}

/** @param {string} why */
function stopAfterFailure(why) {
  summary();
  console.error(`\n✖ ${why}.`);
  process.exit(1);
}

function summary() {
  console.log('\n━━ summary ━━');
  for (const s of steps)
    console.log(`${s.ok ? '✔' : '✖'} ${s.name.padEnd(30)} ${s.seconds.toFixed(1).padStart(7)} s`);
}

const bin = (name) => path.join(BIN, name);

/**
 * The browser journeys' stack (scripts/lib/e2e-stack.mjs), started from the fresh build while the
 * checks and suites run: its database, emulator and seed then cost the journeys nothing. Locally a
 * stack already answering on its port is used as it is, as Playwright would; CI always starts afresh.
 */
async function startE2eStack() {
  const running =
    !process.env.CI &&
    (await fetch(E2E_HEALTH_URL).then(
      (r) => r.ok,
      () => false,
    ));
  if (running) {
    console.log(`\nℹ The journeys use the stack already running at ${E2E_BASE_URL}.`);
    return { started: Date.now(), child: undefined };
  }
  // A node child of ours (stack.mjs run): it stops with this run however it ends, start.mjs with it.
  const env = { ...e2eStackEnv(), START_SKIP_BUILD: '1' };
  const child = run('e2e stack', path.join(ROOT, 'scripts', 'start.mjs'), [], { env, quiet: true });
  return { started: Date.now(), child };
}

/** @param {{ started: number, child?: import('node:child_process').ChildProcess }} stack */
async function e2eStackReady(stack) {
  const waited = Date.now();
  try {
    await waitForUrl(E2E_HEALTH_URL, { timeoutMs: 420_000, child: stack.child });
  } catch (err) {
    stopAfterFailure(`the journeys' stack did not start: ${err instanceof Error ? err.message : err}`);
  }
  const seconds = (Date.now() - waited) / 1000;
  console.log(
    `\n━━ e2e stack ━━  ready ${((Date.now() - stack.started) / 1000).toFixed(1)} s after its start, ${seconds.toFixed(1)} s of it waited for here`,
  );
  steps.push({ name: 'e2e stack (waited for)', seconds, ok: true });
}

// The browser is checked first, so a machine without one learns it in seconds, not after the suites.
let chromePath;
if (want('e2e')) {
  try {
    chromePath = ensureChromium();
  } catch (err) {
    console.error(`✖ ${err instanceof Error ? err.message : err}`);
    process.exit(1);
  }
}

// The build first: the journeys' stack serves it, and starts now, beside the checks and suites below.
step('build+budget', process.execPath, ['scripts/check-bundle-budget.mjs']);
const e2eStack = want('e2e') ? await startE2eStack() : undefined;

// The static checks read files and use one core each: they run two at a time (the machine's cores), the
// longest first, each one's output printed whole when it ends. About 40 % off their time one after another.
const typecheck = ['apps/api', 'apps/web', 'scripts', 'apps/web/e2e', 'packages/contracts'].map(
  (project) => ({
    name: 'typecheck',
    label: `typecheck ${project}`,
    command: bin('tsc'),
    args: ['-p', project],
  }),
);
await parallelSteps(
  [
    ...typecheck.slice(0, 2),
    { name: 'lint', label: 'lint', command: bin('eslint'), args: ['.', '--max-warnings', '0'] },
    ...typecheck.slice(2),
    {
      name: 'format',
      label: 'format',
      command: bin('prettier'),
      args: ['--check', '.', '--log-level', 'warn'],
    },
    {
      name: 'schema',
      label: 'schema matches migrations',
      command: process.execPath,
      args: ['scripts/check-schema-drift.mjs'],
    },
  ].filter((task) => want(task.name)),
  2,
);
// The first pass is always the embedded server, even when TEST_DATABASE_URL names another.
step('unit+api (embedded)', bin('vitest'), ['run'], { TEST_DATABASE_URL: '' });
if (process.env.TEST_DATABASE_URL) {
  step('api (TEST_DATABASE_URL)', bin('vitest'), ['run', '--project', 'api'], {
    TEST_DATABASE_URL: process.env.TEST_DATABASE_URL,
  });
} else if (want('api (TEST_DATABASE_URL)') || want('unit+api (embedded)')) {
  console.warn(
    '\nℹ The API suite ran on the embedded PostgreSQL 18 only: set TEST_DATABASE_URL=postgres://… to run it ' +
      "against another server too (CI does, against the machine's PostgreSQL 15).",
  );
}
if (e2eStack) await e2eStackReady(e2eStack);
step('e2e', bin('playwright'), ['test', '-c', 'apps/web/playwright.config.ts'], {
  START_SKIP_BUILD: '1',
  CHROME_PATH: chromePath,
  [E2E_STACK_STARTED]: '1',
});
if (e2eStack?.child) await stop(e2eStack.child, 'SIGTERM', 15_000);

summary();
console.log('\n✔ all checks passed');
