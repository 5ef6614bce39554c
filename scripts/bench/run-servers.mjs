// run.mjs's servers: the compiled API (as `npm start` runs it) and the bare route beside it, and the
// bytes a client reads for the first page versus the whole catalog.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { freePort } from '../lib/ports.mjs';
import { UNLIMITED_RATES } from '../lib/unlimited-rates.mjs';
import { API_NODE_ARGS, API_SERVER, ROOT, buildApi, waitForUrl } from '../stack.mjs';
import { spawnLogged, waitForLogLine } from './log-files.mjs';

/** The compiled API as `npm start` runs it (no TypeScript loader), on the run's database. */
function spawnApi({ port, jwtSecret, apiLog, databaseUrl, nodeArgs, withHtml }) {
  return spawnLogged(
    'api',
    process.execPath,
    [...nodeArgs, ...API_NODE_ARGS, API_SERVER],
    {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      JWT_SECRET: jwtSecret,
      // Production refuses RATE_LIMIT_DISABLED: limits far above what one run sends.
      ...UNLIMITED_RATES,
      SEED_DEMO_DATA: 'false',
      // The server-made product page (BENCH_READS=html) needs the built index.html.
      WEB_DIST_DIR: withHtml ? path.join(ROOT, 'apps', 'web', 'dist') : '',
      MAIL_ENABLED: 'false',
      FIREBASE_AUTH_EMULATOR_HOST: undefined,
      LOG_LEVEL: undefined,
      DATABASE_URL: databaseUrl,
    },
    apiLog,
  );
}

/**
 * The API and the bare route (the ceiling: one fixed product, no database), both ready; each child is
 * pushed to `children` as it starts, for the bench's clean-up.
 * @param {{ work: string, databaseUrl: string, sampleJson: string, nodeArgs: string[], withHtml: boolean, children: any[], step: (msg: string) => void }} options
 */
export async function startServers({ work, databaseUrl, sampleJson, nodeArgs, withHtml, children, step }) {
  const jwtSecret = randomBytes(32).toString('base64url');
  const apiPort = await freePort();
  const barePort = await freePort();
  const apiLog = path.join(work, 'api.log');
  step('Starting the API (NODE_ENV=production) and the bare route');
  await buildApi();
  const api = spawnApi({ port: apiPort, jwtSecret, apiLog, databaseUrl, nodeArgs, withHtml });
  children.push(api);
  const bare = spawnLogged(
    'bare',
    process.execPath,
    [path.join(ROOT, 'scripts', 'bench', 'bare-server.mjs')],
    {
      PORT: String(barePort),
      BARE_PRODUCT_JSON: sampleJson,
      BARE_DATABASE_URL: databaseUrl,
    },
    path.join(work, 'bare.log'),
  );
  children.push(bare);
  const apiBase = `http://127.0.0.1:${apiPort}`;
  const bareBase = `http://127.0.0.1:${barePort}`;
  await waitForUrl(`${apiBase}/api/health`, { child: api, timeoutMs: 60_000 });
  await waitForUrl(`${bareBase}/bare/products/x`, { child: bare, timeoutMs: 30_000 });
  // Measure the API as it serves after its start-up work, not during it: the product cache warm-up
  // (reading the catalog into memory) runs right after listening and would share the cores with the runs.
  await waitForLogLine(apiLog, /product cache warm(ed|-up stopped)/, 120_000);
  step(`API ready: ${readFileSync(apiLog, 'utf8').match(/product cache warm[^"]*/)?.[0]}`);
  return { api, bare, apiBase, bareBase, apiLog, jwtSecret };
}

/** First page versus the whole catalog, paged with limit=500 (two minutes at most). */
export async function measureBytes(apiBase) {
  const firstPage = await fetch(`${apiBase}/api/products?limit=24`);
  const firstPageBytes = (await firstPage.arrayBuffer()).byteLength;
  let wholeBytes = 0;
  let pages = 0;
  let items = 0;
  let cursor;
  const pagingStarted = Date.now();
  do {
    const res = await fetch(`${apiBase}/api/products?limit=500${cursor ? `&cursor=${cursor}` : ''}`);
    if (!res.ok) throw new Error(`paging failed: ${res.status} ${await res.text()}`);
    const body = await res.text();
    wholeBytes += Buffer.byteLength(body);
    items += JSON.parse(body).length;
    pages++;
    cursor = res.headers.get('x-next-cursor') ?? undefined;
  } while (cursor && Date.now() - pagingStarted < 120_000);
  // One array of every product: the pages' items joined, without each page's brackets.
  const catalog = wholeBytes - 2 * pages + 2 + (pages - 1);
  const totalHeader = Number(firstPage.headers.get('x-total-count'));
  return { firstPage: firstPageBytes, catalog, pages, items, totalHeader };
}
