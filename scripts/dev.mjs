// `npm run dev`: hot reload. Vite serves the SPA on http://localhost:3000 and proxies /api to the API,
// which `tsx watch` restarts on every change; the Auth emulator and the embedded PostgreSQL (unless
// DATABASE_URL is set) run as in `npm start`, on the same data directory.
import path from 'node:path';
import { watchAncestors } from './lib/processes.mjs';
import { lockDataDir } from './lib/data-dir-lock.mjs';
import { stopAllOnSignal } from './lib/stop-on-signal.mjs';
import {
  BIN,
  loadDotEnv,
  PROJECT_ID,
  ROOT,
  run,
  startAuthEmulator,
  startPostgres,
  stopAll,
  waitForUrl,
} from './stack.mjs';

loadDotEnv();
const webPort = Number(process.env.PORT ?? 3000);
const apiPort = Number(process.env.API_PORT ?? 3001);
const emulatorPort = Number(process.env.AUTH_EMULATOR_PORT ?? 9099);
const dataDir = path.resolve(ROOT, process.env.DATA_DIR ?? '.data');

const { stopNow } = stopAllOnSignal();
watchAncestors(() => void stopNow());
try {
  let databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    // The same data as `npm start`, so never both at once (see lib/data-dir-lock.mjs).
    const lock = lockDataDir(path.join(dataDir, 'postgres'));
    process.on('exit', () => lock.release());
    console.log('▶ Starting PostgreSQL (embedded)…');
    databaseUrl = (await startPostgres({ dataDir, onStep: (line) => console.log(`▶ ${line}`) })).url;
  }
  console.log('▶ Starting the Firebase Auth emulator…');
  await startAuthEmulator({ port: emulatorPort, dataDir });
  console.log('▶ Starting the API in watch mode…');
  const api = run(
    'api',
    path.join(BIN, 'tsx'),
    ['watch', path.join(ROOT, 'apps', 'api', 'src', 'server.ts')],
    {
      env: {
        PORT: String(apiPort),
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        PUBLIC_URL: `http://localhost:${webPort}`,
        FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${emulatorPort}`,
        FIREBASE_PROJECT_ID: PROJECT_ID,
      },
    },
  );
  await waitForUrl(`http://127.0.0.1:${apiPort}/api/health`, { child: api });
  console.log('▶ Starting Vite…');
  run('web', path.join(BIN, 'vite'), ['--port', String(webPort), '--strictPort'], {
    cwd: path.join(ROOT, 'apps', 'web'),
    env: { API_PROXY_TARGET: `http://127.0.0.1:${apiPort}` },
  });
  await waitForUrl(`http://localhost:${webPort}/`);
  console.log(`\n✔ Bulkwise (dev) at http://localhost:${webPort} — API on ${apiPort}. Ctrl-C to stop.\n`);
} catch (err) {
  console.error(`✖ ${err instanceof Error ? err.message : err}`);
  await stopAll();
  process.exit(1);
}
