// The pieces `npm start`, `npm run dev`, the browser tests and the fault tests share: start the Auth
// emulator, build the SPA, start the API, wait for each, stop them all together.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const BIN = path.join(ROOT, 'node_modules', '.bin');
export const PROJECT_ID = 'demo-bulkwise';

/** Loads `.env` from the repo root when present (real environment variables win). */
export function loadDotEnv() {
  const file = path.join(ROOT, '.env');
  if (existsSync(file)) process.loadEnvFile(file);
}

const children = new Set();

/** Spawns a child in its own process group so that stopping it also stops its children. */
export function run(name, command, args, { env = {}, quiet = false, cwd = ROOT } = {}) {
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
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

export function exited(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode ?? 1);
    else child.on('exit', (code) => resolve(code ?? 1));
  });
}

/** Sends `signal` to the child's whole process group, then SIGKILL after `graceMs`. */
export async function stop(child, signal = 'SIGTERM', graceMs = 10_000) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const done = exited(child);
  try {
    process.kill(-child.pid, signal);
  } catch {
    return;
  }
  const timer = setTimeout(() => {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }, graceMs);
  await done;
  clearTimeout(timer);
}

export async function stopAll() {
  await Promise.all([...children].map((c) => stop(c, c.stopSignal ?? 'SIGTERM')));
}

/** Polls `url` until `accept(response)` holds; fails early if `child` exits. */
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
 * Starts the Firebase Auth emulator (auth only, offline, `demo-` project) with accounts imported from
 * and exported to `<dataDir>/auth` so they survive restarts.
 */
export async function startAuthEmulator({ port, dataDir, quiet = true }) {
  const dir = path.resolve(dataDir);
  mkdirSync(dir, { recursive: true });
  const configFile = path.join(dir, 'firebase.json');
  writeFileSync(
    configFile,
    JSON.stringify(
      {
        emulators: {
          auth: { host: '127.0.0.1', port },
          hub: { host: '127.0.0.1', port: port + 1 },
          logging: { host: '127.0.0.1', port: port + 2 },
          ui: { enabled: false },
          singleProjectMode: true,
        },
      },
      null,
      2,
    ),
  );
  const exportDir = path.join(dir, 'auth');
  const args = ['emulators:start', '--only', 'auth', '--project', PROJECT_ID, '--config', configFile];
  if (existsSync(path.join(exportDir, 'firebase-export-metadata.json'))) args.push('--import', exportDir);
  args.push('--export-on-exit', exportDir);
  const child = run('auth', path.join(BIN, 'firebase'), args, {
    quiet,
    cwd: dir,
    env: { FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true', CI: process.env.CI ?? 'true' },
  });
  // SIGINT lets the emulator export its accounts before it exits.
  child.stopSignal = 'SIGINT';
  // About 10 s on a quiet machine, but over two minutes was seen at load average 28 on 2 cores.
  await waitForUrl(`http://127.0.0.1:${port}/`, { child, timeoutMs: 300_000 });
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

/** Starts the API (serving the built SPA) and waits for its health check. */
export async function startApi({ port, env = {}, quiet = false }) {
  const child = run('api', path.join(BIN, 'tsx'), [path.join(ROOT, 'apps', 'api', 'src', 'server.ts')], {
    quiet,
    env: { PORT: String(port), WEB_DIST_DIR: path.join(ROOT, 'apps', 'web', 'dist'), ...env },
  });
  await waitForUrl(`http://127.0.0.1:${port}/api/health`, { child, timeoutMs: 120_000 });
  return child;
}

/** Stops every child on Ctrl-C / SIGTERM, then exits. */
export function stopAllOnSignal() {
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, async () => {
      if (stopping) return;
      stopping = true;
      console.log('\nStopping Bulkwise…');
      await stopAll();
      process.exit(0);
    });
  }
}
