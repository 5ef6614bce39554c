// The pieces `npm start`, `npm run dev`, the browser tests and the fault tests share: one small function
// per started service (Auth emulator, SPA build, API), waiting for each, stopping them all together.
// Every child runs in the launcher's process group and watches the launcher (an IPC channel the kernel
// closes when it dies), so no kill, however hard, leaves one behind: see scripts/lib/processes.mjs.
import { existsSync, mkdirSync, realpathSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startEmbeddedPostgres } from './lib/embedded-postgres.mjs';
import { exited, killTree, spawnChild, spawnNodeScript, stopChild } from './lib/processes.mjs';

export { exited } from './lib/processes.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const BIN = path.join(ROOT, 'node_modules', '.bin');
export const PROJECT_ID = 'demo-bulkwise';
/**
 * How node runs the compiled API (`apps/api/package.json`'s start script says the same). Under a mixed load
 * V8's defaults let the heap grow to three times what is live (1,204 MB of RSS for 288 MB live at a million
 * products, bench:scale): a 32 MB young generation promotes less short-lived garbage (and answered 16 %
 * more reads), and a growing factor of 1.5 keeps the old generation near what is live
 * (docs/decisions/0005-performance.md).
 */
export const API_NODE_ARGS = [
  '--enable-source-maps',
  '--max-semi-space-size=32',
  '--heap-growing-percent=50',
];
export const API_SERVER = path.join(ROOT, 'apps', 'api', 'dist', 'server.js');
const AUTH_EMULATOR_LAZY = new URL('./lib/auth-emulator-lazy.mjs', import.meta.url).href;

/** Loads `.env` from the repo root when present (real environment variables win). */
export function loadDotEnv() {
  const file = path.join(ROOT, '.env');
  if (existsSync(file)) process.loadEnvFile(file);
}

const children = new Set();
/** Stopped after every other child: the database outlives the API's drain. */
const stopLast = new Set();
const isNodeScript = (command) => /\.[cm]?js$/.test(existsSync(command) ? realpathSync(command) : command);

/** Keeps the last output of a child (for error messages) and forwards it, prefixed, unless quiet. */
function track(name, child, quiet) {
  children.add(child);
  const output = [];
  const forward = (stream, target) =>
    stream.on('data', (chunk) => {
      const text = chunk.toString();
      output.push(text);
      if (output.length > 200) output.shift();
      if (!quiet) target.write(text.replace(/^(?=.)/gm, `[${name}] `));
    });
  forward(child.stdout, process.stdout);
  forward(child.stderr, process.stderr);
  child.recentOutput = () => output.join('');
  child.on('exit', () => children.delete(child));
  return child;
}

/**
 * Starts `command`. A node script (a node_modules/.bin tool) runs as a direct node child that stops
 * with `stopSignal` when we die; anything else is a plain child in our process group.
 */
/**
 * @param {string} name @param {string} command @param {string[]} args
 * @param {{ env?: Record<string, string | undefined>, quiet?: boolean, cwd?: string, stopSignal?: NodeJS.Signals, preload?: string[] }} [options]
 */
export function run(
  name,
  command,
  args,
  { env = {}, quiet = false, cwd = ROOT, stopSignal = 'SIGTERM', preload = [] } = {},
) {
  const child = isNodeScript(command)
    ? spawnNodeScript(command, args, { env, cwd, stopSignal, preload })
    : spawnChild(command, args, { env, cwd });
  return track(name, child, quiet);
}

/** Asks the child to stop (IPC close or `signal`), then SIGKILL after `graceMs`. */
export function stop(child, signal = 'SIGTERM', graceMs = 10_000) {
  return stopChild(child, { signal, graceMs });
}

export async function stopAll({ graceMs = 15_000 } = {}) {
  await Promise.all([...children].filter((c) => !stopLast.has(c)).map((c) => stopChild(c, { graceMs })));
  await Promise.all([...stopLast].map((c) => stopChild(c, { graceMs })));
}

/** SIGKILL for every child and what it started: the second Ctrl-C. */
export function killAll() {
  for (const child of children) killTree(child);
}

/**
 * Polls `url` until `accept(response)` holds; fails early if `child` exits.
 * @param {string} url
 * @param {{ timeoutMs?: number, child?: import('node:child_process').ChildProcess, accept?: (r: Response) => boolean | Promise<boolean> }} [options]
 */
export async function waitForUrl(url, { timeoutMs = 120_000, child, accept = (r) => r.ok } = {}) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && (child.exitCode !== null || child.signalCode !== null)) {
      throw new Error(`${url}: the process exited early:\n${child.recentOutput?.() ?? ''}`);
    }
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (await accept(res)) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`timed out waiting for ${url}`);
}

/**
 * Starts the embedded PostgreSQL server on `<dataDir>/postgres` (see lib/embedded-postgres.mjs); it is
 * stopped after every other child, so the API drains against a live database.
 */
export async function startPostgres({ dataDir, durable = true, onStep }) {
  return startEmbeddedPostgres({
    dataDir,
    durable,
    onStep,
    onChild: (child) => {
      track('postgres', child, true);
      stopLast.add(child);
      child.on('exit', () => stopLast.delete(child));
    },
  });
}

/**
 * Starts the Firebase Auth emulator (auth only, offline, `demo-` project) with accounts imported from
 * and exported to `<dataDir>/auth` so they survive restarts.
 */
export async function startAuthEmulator({ port, dataDir, quiet = true }) {
  const dir = path.resolve(dataDir);
  mkdirSync(dir, { recursive: true });
  const configFile = path.join(dir, 'firebase.json');
  const emulators = {
    auth: { host: '127.0.0.1', port },
    hub: { host: '127.0.0.1', port: port + 1 },
    logging: { host: '127.0.0.1', port: port + 2 },
    ui: { enabled: false },
    singleProjectMode: true,
  };
  writeFileSync(configFile, JSON.stringify({ emulators }, null, 2));
  const exportDir = path.join(dir, 'auth');
  const args = ['emulators:start', '--only', 'auth', '--project', PROJECT_ID, '--config', configFile];
  if (existsSync(path.join(exportDir, 'firebase-export-metadata.json'))) args.push('--import', exportDir);
  args.push('--export-on-exit', exportDir);
  const child = run('auth', path.join(BIN, 'firebase'), args, {
    quiet,
    cwd: dir,
    env: { FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true', CI: process.env.CI ?? 'true' },
    // SIGINT lets the emulator export its accounts before it exits.
    stopSignal: 'SIGINT',
    // Its request validators compiled on first use, not all at start (see the file).
    preload: [AUTH_EMULATOR_LAZY],
  });
  // About 10 s on an idle machine, but minutes were seen on a saturated one (2 cores, load 25).
  await waitForUrl(`http://127.0.0.1:${port}/`, { child, timeoutMs: 300_000 });
  return child;
}

/**
 * Starts the maildev mail catcher on loopback: SMTP on `smtpPort`, the web inbox and its REST API
 * (`/api/email`) on `webPort`; mails are kept under `<dataDir>/mail` across restarts.
 */
export async function startMailCatcher({ smtpPort, webPort, dataDir, quiet = true }) {
  const dir = path.resolve(dataDir, 'mail');
  mkdirSync(dir, { recursive: true });
  const args = [
    '--smtp',
    String(smtpPort),
    '--web',
    String(webPort),
    '--ip',
    '127.0.0.1',
    '--web-ip',
    '127.0.0.1',
    '--mail-directory',
    dir,
    '--silent',
  ];
  const child = run('mail', path.join(BIN, 'maildev'), args, { quiet, cwd: dir });
  await waitForUrl(`http://127.0.0.1:${webPort}/api/healthz`, { child, timeoutMs: 120_000 });
  return child;
}

export function buildWeb({ quiet = true } = {}) {
  // npm may install vite under the web workspace rather than the root.
  const webBin = path.join(ROOT, 'apps', 'web', 'node_modules', '.bin', 'vite');
  const vite = existsSync(webBin) ? webBin : path.join(BIN, 'vite');
  const child = run('web', vite, ['build', '--logLevel', 'warn'], {
    quiet,
    cwd: path.join(ROOT, 'apps', 'web'),
  });
  return exited(child).then((code) => {
    if (code !== 0) throw new Error(`web build failed:\n${child.recentOutput()}`);
  });
}

/** Compiles the API to apps/api/dist (about 0.3 s), so it runs on plain Node without a TypeScript loader. */
export function buildApi({ quiet = true } = {}) {
  const child = run('api-build', process.execPath, [path.join(ROOT, 'apps', 'api', 'build.mjs')], { quiet });
  return exited(child).then((code) => {
    if (code !== 0)
      throw new Error(`API build failed:
${child.recentOutput()}`);
  });
}

/**
 * Starts the compiled API (serving the built SPA) as one node process with an IPC channel (it drains and
 * exits when the channel closes) and waits until ITS health answers: with `instanceId`, an older process
 * still answering on the port does not count.
 */
export async function startApi({ port, env = {}, quiet = false, instanceId }) {
  await buildApi();
  const child = track(
    'api',
    spawnChild(process.execPath, [...API_NODE_ARGS, API_SERVER], {
      env: {
        PORT: String(port),
        // Another build can be served beside the usual one (two stacks, an A/B of page speed).
        WEB_DIST_DIR: process.env.WEB_DIST_DIR ?? path.join(ROOT, 'apps', 'web', 'dist'),
        ...(instanceId ? { INSTANCE_ID: instanceId } : {}),
        ...env,
      },
      ipc: true,
    }),
    quiet,
  );
  const accept = async (res) => res.ok && (!instanceId || (await res.json()).instance === instanceId);
  await waitForUrl(`http://127.0.0.1:${port}/api/health`, { child, timeoutMs: 120_000, accept });
  return child;
}
