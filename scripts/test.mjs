// `npm test`: typecheck, lint, formatting (prettier --check), every Vitest suite (the API on an embedded PostgreSQL server it starts from
// the npm-shipped binaries, and on TEST_DATABASE_URL's server too when it is set), the production build with its size budget, then the browser journeys
// (Chromium is found, or installed when this process may, before anything else runs).
// Stops at the first failing step and prints how long each step took.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ensureChromium } from './lib/browser.mjs';
import { ROOT, BIN } from './stack.mjs';

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
  if (result.status !== 0) {
    summary();
    console.error(`\n✖ ${name} failed (exit ${result.status ?? result.signal}).`);
    process.exit(1);
  }
}

function summary() {
  console.log('\n━━ summary ━━');
  for (const s of steps)
    console.log(`${s.ok ? '✔' : '✖'} ${s.name.padEnd(22)} ${s.seconds.toFixed(1).padStart(7)} s`);
}

const bin = (name) => path.join(BIN, name);

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

step('typecheck', process.execPath, [
  '-e',
  // One tsc per workspace (each has its own lib/DOM settings); fail if any fails.
  `const { execFileSync } = require('node:child_process');
   for (const p of ['packages/contracts', 'apps/api', 'apps/web', 'apps/web/e2e', 'scripts'])
     execFileSync(${JSON.stringify(bin('tsc'))}, ['-p', p], { stdio: 'inherit' });`,
]);
step('lint', bin('eslint'), ['.', '--max-warnings', '0']);
step('format', bin('prettier'), ['--check', '.', '--log-level', 'warn']);
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
step('build+budget', process.execPath, ['scripts/check-bundle-budget.mjs']);
step('e2e', bin('playwright'), ['test', '-c', 'apps/web/playwright.config.ts'], {
  START_SKIP_BUILD: '1',
  CHROME_PATH: chromePath,
});

summary();
console.log('\n✔ all checks passed');
