// `npm start`: the whole marketplace on one port: built SPA + API on the embedded PostgreSQL server (or
// DATABASE_URL) + Firebase Auth emulator + mail catcher, with the demo catalog and demo accounts seeded on first start. Configuration: see .env.example.
// It only says ready when the API that answers is the one it started, refuses at once a busy port or an
// embedded database another live process holds, and takes its children with it however it is stopped.
import { randomUUID } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { busyPortMessage, portBusy } from './lib/ports.mjs';
import { DataDirInUseError, lockDataDir, ownerAlive, readOwner } from './lib/data-dir-lock.mjs';
import { moveAsideOldPglite } from './lib/embedded-postgres.mjs';
import { commandLine, watchAncestors } from './lib/processes.mjs';
import { stopAllOnSignal } from './lib/stop-on-signal.mjs';
import { webBuildUpToDate } from './lib/web-build.mjs';
import {
  buildWeb,
  exited,
  loadDotEnv,
  PROJECT_ID,
  ROOT,
  startApi,
  startAuthEmulator,
  startMailCatcher,
  startPostgres,
  stopAll,
} from './stack.mjs';

loadDotEnv();
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? 'localhost';
const emulatorPort = Number(process.env.AUTH_EMULATOR_PORT ?? 9099);
const dataDir = path.resolve(ROOT, process.env.DATA_DIR ?? '.data');
const useEmulator = (process.env.AUTH_EMULATOR ?? 'true') !== 'false';
const skipBuild = process.env.START_SKIP_BUILD === '1';
const instanceId = randomUUID();
const shownDataDir = dataDir.startsWith(`${ROOT}${path.sep}`) ? path.relative(ROOT, dataDir) : dataDir;
// A configured SMTP server replaces the local mail catcher.
const useMailCatcher = !process.env.SMTP_URL && (process.env.MAIL_ENABLED ?? 'true') !== 'false';
const mailSmtpPort = Number(process.env.MAIL_SMTP_PORT ?? 1025);
const mailWebPort = Number(process.env.MAIL_WEB_PORT ?? 1080);
const started = Date.now();
const step = (msg) => console.log(`▶ ${msg}  (${((Date.now() - started) / 1000).toFixed(1)} s)`);

const { isStopping, stopNow } = stopAllOnSignal();
// Our parent (npm, a supervisor, a test) died without telling us, maybe by SIGKILL: stop like on SIGTERM.
watchAncestors(() => void stopNow());

const useEmbeddedPostgres = !process.env.DATABASE_URL;
const clusterDir = path.join(dataDir, 'postgres');

/** The live launcher holding the embedded database (`<cluster>.pid`, see lib/data-dir-lock.mjs). */
function embeddedDatabaseHolder() {
  const owner = readOwner(`${clusterDir}.pid`);
  return owner && owner !== 'garbage' && ownerAlive(owner) ? owner : undefined;
}

async function preflight() {
  // The embedded server is for a laptop, a demo or a test; a deployment runs its own PostgreSQL.
  if (useEmbeddedPostgres && process.env.NODE_ENV === 'production') {
    throw new Error('NODE_ENV=production needs DATABASE_URL: production never runs the embedded PostgreSQL.');
  }
  /** @type {Array<[port: number, what: string, envName: string, bindHost: string]>} */
  const ports = [[port, 'the web server and API', 'PORT', host]];
  if (useEmulator) {
    for (const [offset, what] of /** @type {Array<[number, string]>} */ ([
      [0, 'the Auth emulator'],
      [1, 'the emulator hub'],
      [2, 'the emulator log'],
    ])) {
      ports.push([emulatorPort + offset, what, 'AUTH_EMULATOR_PORT', '127.0.0.1']);
    }
  }
  if (useMailCatcher) {
    ports.push([mailSmtpPort, 'the mail catcher (SMTP)', 'MAIL_SMTP_PORT', '127.0.0.1']);
    ports.push([mailWebPort, 'the mail catcher (inbox)', 'MAIL_WEB_PORT', '127.0.0.1']);
  }
  for (const [p, what, envName, bindHost] of ports) {
    if (await portBusy(p, bindHost)) throw new Error(busyPortMessage(p, what, envName));
  }
  const holder = useEmbeddedPostgres ? embeddedDatabaseHolder() : undefined;
  if (holder) throw new Error(inUseMessage(holder));
}

/** @param {{ pid: number, host: string }} holder */
function inUseMessage(holder) {
  const command =
    holder.host === hostname() ? `: ${commandLine(holder.pid).slice(0, 100)}` : ` on ${holder.host}`;
  return `The embedded database at ${shownDataDir}/postgres is in use by another Bulkwise process (pid ${holder.pid}${command}): stop it, or set DATA_DIR or DATABASE_URL.`;
}

/** Takes the embedded database for this launcher's life (released on exit; a killed launcher's lock is stale). */
function lockEmbeddedDatabase() {
  try {
    const lock = lockDataDir(clusterDir);
    process.on('exit', () => lock.release());
  } catch (err) {
    if (err instanceof DataDirInUseError) throw new Error(inUseMessage(err.owner));
    throw err;
  }
}

try {
  step('Starting Bulkwise');
  await preflight();
  // Browser and fault tests start from an empty database and emulator every run (never another's: checked above).
  if (process.env.FRESH_DATA === '1') rmSync(dataDir, { recursive: true, force: true });
  let database;
  if (useEmbeddedPostgres) {
    mkdirSync(dataDir, { recursive: true });
    lockEmbeddedDatabase();
    const oldFiles = moveAsideOldPglite(dataDir);
    if (oldFiles) {
      console.log(
        `ℹ ${shownDataDir}/pglite holds a database from an earlier Bulkwise (PGlite), which is no longer used: moved to ` +
          `${path.relative(dataDir, oldFiles)} under ${shownDataDir} (nothing deleted); the demo data is seeded afresh into PostgreSQL.`,
      );
    }
    step(`Starting PostgreSQL (embedded, ${shownDataDir}/postgres)…`);
    database = startPostgres({ dataDir, onStep: step });
    // Awaited below, after the emulator: a failure before then must not count as unhandled.
    database.catch(() => {});
  }
  const emulator = useEmulator
    ? (step(`Starting the Firebase Auth emulator on 127.0.0.1:${emulatorPort}…`),
      startAuthEmulator({ port: emulatorPort, dataDir }))
    : Promise.resolve(undefined);
  const mail = useMailCatcher
    ? (step(`Starting the mail catcher (SMTP 127.0.0.1:${mailSmtpPort}, inbox on :${mailWebPort})…`),
      startMailCatcher({ smtpPort: mailSmtpPort, webPort: mailWebPort, dataDir }))
    : Promise.resolve(undefined);
  const upToDate = !skipBuild && webBuildUpToDate();
  if (upToDate) step('Web app already built from the current sources');
  const build = skipBuild || upToDate ? Promise.resolve() : (step('Building the web app…'), buildWeb());
  await build;
  if (!skipBuild && !upToDate) step('Web app built');
  const auth = await emulator;
  if (auth) step('Auth emulator ready');
  const catcher = await mail;
  if (catcher) step('Mail catcher ready');
  const postgres = await database;
  if (postgres) step('PostgreSQL ready');
  step(
    postgres
      ? `Starting the API on the embedded PostgreSQL (${shownDataDir}/postgres)…`
      : 'Starting the API on PostgreSQL (DATABASE_URL)…',
  );
  const api = await startApi({
    port,
    instanceId,
    env: {
      HOST: host,
      DATA_DIR: dataDir,
      ...(postgres ? { DATABASE_URL: postgres.url } : {}),
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      ...(useEmulator
        ? { FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${emulatorPort}`, FIREBASE_PROJECT_ID: PROJECT_ID }
        : {}),
      ...(catcher ? { SMTP_URL: `smtp://127.0.0.1:${mailSmtpPort}` } : {}),
    },
  });
  if (isStopping()) await new Promise(() => {});
  step('API ready');
  console.log(`\n✔ Bulkwise is running at http://localhost:${port}`);
  if (useEmulator) {
    console.log('  Demo accounts (password in brackets):');
    console.log('    supplier@bulkwise.test (Supplier#2026)   wholesale@bulkwise.test (Wholesale#2026)');
    console.log('    buyer@bulkwise.test (Buyer#2026)');
  }
  if (catcher) console.log(`  Inbox (every email the marketplace sends): http://localhost:${mailWebPort}`);
  console.log('  Press Ctrl-C to stop.\n');
  const watched = [
    ['The API', api],
    ['PostgreSQL', postgres?.child],
    ['The Auth emulator', auth],
    ['The mail catcher', catcher],
  ].filter(([, child]) => child);
  const [name, code] = await Promise.race(watched.map(([n, child]) => exited(child).then((c) => [n, c])));
  // A stop we were asked for ends children too; the signal handler finishes it and exits 0.
  if (isStopping()) await new Promise(() => {});
  console.error(`✖ ${name} exited unexpectedly (code ${code}); stopping Bulkwise.`);
  await stopAll();
  process.exit(1);
} catch (err) {
  // Stopping while starting: the signal handler exits once the children are down.
  if (isStopping()) await new Promise(() => {});
  console.error(`✖ ${err instanceof Error ? err.message : err}`);
  await stopAll();
  process.exit(1);
}
