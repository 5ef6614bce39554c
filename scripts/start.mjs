// `npm start`: the whole marketplace on one port: built SPA + API + Firebase Auth emulator, with the
// demo catalog and demo accounts seeded on first start. Configuration: see .env.example.
// It only says ready when the API that answers is the one it started, refuses at once a busy port or an
// embedded database another live process holds, and takes its children with it however it is stopped.
import { randomUUID } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { busyPortMessage, portBusy } from './lib/ports.mjs';
import { commandLine, isAlive, procStat, watchAncestors } from './lib/processes.mjs';
import { buildWeb, exited, loadDotEnv, PROJECT_ID, ROOT, startApi, startAuthEmulator, startMailCatcher, stopAll, stopAllOnSignal } from './stack.mjs';

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

/** The live process holding the embedded database (the API writes `<dir>.pid`; see data-dir-lock.ts). */
function embeddedDatabaseHolder() {
  try {
    const owner = JSON.parse(readFileSync(path.join(dataDir, 'pglite.pid'), 'utf8'));
    if (owner.host !== hostname()) return owner;
    const alive = isAlive(owner.pid) && (owner.startTime == null || procStat(owner.pid)?.startTime === owner.startTime);
    return alive ? owner : undefined;
  } catch {
    return undefined;
  }
}

async function preflight() {
  const ports = [[port, 'the web server and API', 'PORT', host]];
  if (useEmulator) {
    for (const [offset, what] of [[0, 'the Auth emulator'], [1, 'the emulator hub'], [2, 'the emulator log']]) {
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
  const holder = process.env.DATABASE_URL ? undefined : embeddedDatabaseHolder();
  if (holder) {
    const command = holder.host === hostname() ? `: ${commandLine(holder.pid).slice(0, 100)}` : ` on ${holder.host}`;
    throw new Error(
      `The embedded database at ${shownDataDir}/pglite is in use by another Bulkwise process (pid ${holder.pid}${command}): stop it, or set DATA_DIR or DATABASE_URL.`,
    );
  }
}

try {
  step('Starting Bulkwise');
  await preflight();
  // Browser and fault tests start from an empty database and emulator every run (never another's: checked above).
  if (process.env.FRESH_DATA === '1') rmSync(dataDir, { recursive: true, force: true });
  const emulator = useEmulator
    ? (step(`Starting the Firebase Auth emulator on 127.0.0.1:${emulatorPort} (about 10 s offline)…`),
      startAuthEmulator({ port: emulatorPort, dataDir }))
    : Promise.resolve(undefined);
  const mail = useMailCatcher
    ? (step(`Starting the mail catcher (SMTP 127.0.0.1:${mailSmtpPort}, inbox on :${mailWebPort})…`),
      startMailCatcher({ smtpPort: mailSmtpPort, webPort: mailWebPort, dataDir }))
    : Promise.resolve(undefined);
  const build = skipBuild ? Promise.resolve() : (step('Building the web app…'), buildWeb());
  await build;
  if (!skipBuild) step('Web app built');
  const auth = await emulator;
  if (auth) step('Auth emulator ready');
  const catcher = await mail;
  if (catcher) step('Mail catcher ready');
  step(process.env.DATABASE_URL ? 'Starting the API on PostgreSQL…' : `Starting the API on the embedded database (${shownDataDir}/pglite)…`);
  const api = await startApi({
    port,
    instanceId,
    env: {
      HOST: host,
      DATA_DIR: dataDir,
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
  const code = await Promise.race([exited(api), ...[auth, catcher].filter(Boolean).map(exited)]);
  // A stop we were asked for ends children too; the signal handler finishes it and exits 0.
  if (isStopping()) await new Promise(() => {});
  console.error(`A Bulkwise process exited unexpectedly (code ${code}); stopping.`);
  await stopAll();
  process.exit(1);
} catch (err) {
  // Stopping while starting: the signal handler exits once the children are down.
  if (isStopping()) await new Promise(() => {});
  console.error(`✖ ${err instanceof Error ? err.message : err}`);
  await stopAll();
  process.exit(1);
}
