// `npm start`: the whole marketplace on one port: built SPA + API + Firebase Auth emulator, with the
// demo catalog and demo accounts seeded on first start. Configuration: see .env.example.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { buildWeb, exited, loadDotEnv, PROJECT_ID, ROOT, startApi, startAuthEmulator, startMailCatcher, stopAll, stopAllOnSignal } from './stack.mjs';

loadDotEnv();
const port = Number(process.env.PORT ?? 3000);
const emulatorPort = Number(process.env.AUTH_EMULATOR_PORT ?? 9099);
const dataDir = path.resolve(ROOT, process.env.DATA_DIR ?? '.data');
const useEmulator = (process.env.AUTH_EMULATOR ?? 'true') !== 'false';
const skipBuild = process.env.START_SKIP_BUILD === '1';
// A configured SMTP server replaces the local mail catcher.
const useMailCatcher = !process.env.SMTP_URL && (process.env.MAIL_ENABLED ?? 'true') !== 'false';
const mailSmtpPort = Number(process.env.MAIL_SMTP_PORT ?? 1025);
const mailWebPort = Number(process.env.MAIL_WEB_PORT ?? 1080);
const started = Date.now();
const step = (msg) => console.log(`▶ ${msg}  (${((Date.now() - started) / 1000).toFixed(1)} s)`);

stopAllOnSignal();
// Browser and fault tests start from an empty database and emulator every run.
if (process.env.FRESH_DATA === '1') rmSync(dataDir, { recursive: true, force: true });
try {
  step('Starting Bulkwise');
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
  step(process.env.DATABASE_URL ? 'Starting the API on PostgreSQL…' : `Starting the API on the embedded database (${path.relative(ROOT, dataDir) || '.'}/pglite)…`);
  const api = await startApi({
    port,
    env: {
      HOST: process.env.HOST ?? 'localhost',
      DATA_DIR: dataDir,
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      ...(useEmulator
        ? { FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${emulatorPort}`, FIREBASE_PROJECT_ID: PROJECT_ID }
        : {}),
      ...(catcher ? { SMTP_URL: `smtp://127.0.0.1:${mailSmtpPort}` } : {}),
    },
  });
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
  console.error(`A Bulkwise process exited unexpectedly (code ${code}); stopping.`);
  await stopAll();
  process.exit(1);
} catch (err) {
  console.error(`✖ ${err instanceof Error ? err.message : err}`);
  await stopAll();
  process.exit(1);
}
