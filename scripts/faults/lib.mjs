// Shared pieces of the fault scenarios: a fresh database per scenario, the API as a child process we can
// SIGKILL or SIGTERM, API tokens and an HTTP client that reports resets instead of throwing. The TCP proxy
// we can cut is proxy.mjs, the purchase/cart load with its retry discipline load.mjs, the checks invariants.mjs.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import { createThrowawayDatabase, throwawayDir } from '../lib/databases.mjs';
import { freePort } from '../lib/ports.mjs';
import { UNLIMITED_RATES } from '../lib/unlimited-rates.mjs';
import { tokenService } from '../lib/tokens.mjs';
import { envWithout } from '../lib/processes.mjs';
import { ROOT, waitForUrl } from '../stack.mjs';

export const ADMIN_URL = process.env.FAULTS_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
export const log = (msg) => console.log(`  · ${msg}`);

// ---------------------------------------------------------------------------------------------------
// Everything a scenario starts is registered here, so that a failure or Ctrl-C still cleans it up.

const cleanups = [];
export function onCleanup(fn) {
  cleanups.push(fn);
}
export async function cleanupAll() {
  while (cleanups.length > 0) {
    const fn = cleanups.pop();
    try {
      await fn();
    } catch (err) {
      console.error(`  cleanup failed: ${err instanceof Error ? err.message : err}`);
    }
  }
}

export function tempDir(label) {
  const { dir, remove } = throwawayDir(`faults-${label}`);
  onCleanup(remove);
  return dir;
}

/** A fresh database on the PostgreSQL server, dropped at cleanup; returns its URL. */
export async function freshDatabase() {
  const database = await createThrowawayDatabase(ADMIN_URL, 'faults').catch((err) => {
    throw new Error(`PostgreSQL at ${ADMIN_URL} is not reachable (${err.message}); set FAULTS_DATABASE_URL`);
  });
  onCleanup(database.drop);
  return database.url;
}

export { freePort };

// ---------------------------------------------------------------------------------------------------
// The API process

export const JWT_SECRET = randomBytes(36).toString('base64url'); // 48 characters

function apiEnv(overrides) {
  return {
    // Inherited settings of a developer's shell must not change what is tested.
    ...envWithout([
      'DATABASE_URL',
      'FIREBASE_AUTH_EMULATOR_HOST',
      'DATA_DIR',
      'LOG_LEVEL',
      'PORT',
      'HOST',
      'WEB_DIST_DIR',
      'SMTP_URL',
      'MAIL_FROM',
      'MAIL_ENABLED',
    ]),
    NODE_ENV: 'production',
    JWT_SECRET,
    // Production refuses RATE_LIMIT_DISABLED: limits far above what one run sends.
    ...UNLIMITED_RATES,
    SEED_DEMO_DATA: 'true',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    WEB_DIST_DIR: '',
    // Production refuses to start without SMTP; the scenarios about mail set SMTP_URL themselves.
    MAIL_ENABLED: 'false',
    ...overrides,
  };
}

/**
 * Spawns the API as one Node process (tsx as an import hook, no wrapper process), so a signal reaches
 * exactly the server: SIGKILL is a real crash and SIGTERM is received once.
 */
export function spawnApi({ port, env = {}, keepLog = false }) {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'apps/api/src/server.ts')], {
    cwd: ROOT,
    env: apiEnv({ PORT: String(port), ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines = [];
  const recent = [];
  const collect = (chunk) => {
    for (const line of chunk.toString().split('\n')) {
      if (!line) continue;
      if (keepLog) lines.push(line);
      recent.push(line);
      if (recent.length > 100) recent.shift();
    }
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  child.recentOutput = () => recent.join('\n');
  const exited = new Promise((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal, at: Date.now() })),
  );
  onCleanup(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await exited;
    }
  });
  return { child, port, lines, exited, output: () => recent.join('\n') };
}

export async function startApi(options) {
  const api = spawnApi(options);
  const started = Date.now();
  // Seconds when idle; over 90 s was seen for a fresh embedded database at load average 28 on 2 cores.
  await waitForUrl(`http://127.0.0.1:${options.port}/api/health`, { child: api.child, timeoutMs: 240_000 });
  api.startMs = Date.now() - started;
  return api;
}

export async function killHard(api) {
  api.child.kill('SIGKILL');
  await api.exited;
}

// ---------------------------------------------------------------------------------------------------
// Identities and HTTP

let tokens;
/** An API token for `user`, from the API's own token service. */
export async function tokenFor(user) {
  tokens ??= tokenService(JWT_SECRET);
  return (await tokens).issue(user);
}

export async function makeBuyers(n) {
  const buyers = [];
  for (let i = 0; i < n; i++) {
    const id = randomBytes(4).toString('hex');
    const user = { uid: `fault-buyer-${id}`, email: `fault-buyer-${id}@example.com`, name: `Buyer ${id}` };
    buyers.push({ ...user, token: await tokenFor(user) });
  }
  return buyers;
}

/**
 * One HTTP exchange. Never throws: a network failure (reset, refused, client timeout, a body cut short)
 * is an outcome like a status, reported as `error`.
 */
/**
 * @typedef {{ status?: number, json?: any, text?: string, headers?: import('node:http').IncomingHttpHeaders,
 *   error?: string, ms: number, startedAt: number }} HttpOutcome
 * @param {{ port: number, method: string, path: string, headers?: Record<string, string>, body?: unknown,
 *   agent?: import('node:http').Agent, timeoutMs?: number }} request
 * @returns {Promise<HttpOutcome>}
 */
export function httpRequest({ port, method, path: urlPath, headers = {}, body, agent, timeoutMs = 15_000 }) {
  return new Promise((resolve) => {
    const started = performance.now();
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    let settled = false;
    const settle = (outcome) => {
      if (settled) return;
      settled = true;
      resolve({ ...outcome, ms: performance.now() - started, startedAt: started });
    };
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: urlPath,
        agent,
        headers: {
          ...headers,
          ...(payload ? { 'content-type': 'application/json', 'content-length': payload.length } : {}),
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('error', (/** @type {NodeJS.ErrnoException} */ err) =>
          settle({ error: err.code ?? err.message }),
        );
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          let json;
          try {
            json = JSON.parse(text);
          } catch {
            json = undefined;
          }
          settle({ status: res.statusCode, json, text, headers: res.headers });
        });
      },
    );
    req.setTimeout(timeoutMs, () =>
      req.destroy(Object.assign(new Error('client timeout'), { code: 'CLIENT_TIMEOUT' })),
    );
    req.on('error', (/** @type {NodeJS.ErrnoException} */ err) => settle({ error: err.code ?? err.message }));
    req.end(payload);
  });
}
