// `npm run bench` (a step of it), or alone: `node scripts/bench/catalog-import.mjs`. Issue 24's figures:
// 1. a 10,000-row catalog file through POST /api/my-products/import: preview and commit of new products,
//    then preview and commit of the exported file with every price changed (10,000 updates). Targets:
//    preview under 5 s, commit under 10 s.
// 2. POST /api/images of a 12-megapixel JPEG (4000 x 3000): time per upload and the process's peak
//    memory above its idle size, in a process of its own so the import's memory does not count.
// The API is built in this process (app.inject: the route, the service and the database, no socket) on
// a fresh database of the embedded PostgreSQL in a temp directory, or of DATABASE_URL's server when set.
// Writes the "Catalog import and image upload on …" section of bench/results/latest.md.
//
// Knobs (env): BENCH_IMPORT_ROWS=10000 BENCH_IMAGE_RUNS=3.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';
import { createThrowawayDatabase, throwawayDir } from '../lib/databases.mjs';
import { catalogFile } from './catalog-file.mjs';
import { envNumber, fmt, machine, machineLine, writeSection } from './report.mjs';
import { benchServer } from './server.mjs';

register();
const { buildApp } = await import('../../apps/api/src/app.ts');
const { IMAGE_WIDTHS } = await import('../../packages/contracts/src/images.ts');
const { loadConfig } = await import('../../apps/api/src/config/env.ts');
const { openPostgres } = await import('../../apps/api/src/db/client.ts');
const { createTokenService } = await import('../../apps/api/src/modules/auth/tokens.ts');

const ROWS = envNumber('BENCH_IMPORT_ROWS', 10_000);
const IMAGE_RUNS = envNumber('BENCH_IMAGE_RUNS', 3);
const TARGETS = { preview: 5_000, commit: 10_000 };
const SUPPLIER = { uid: 'bench-import-supplier', email: 'import@bench.bulkwise.test', name: 'Import Bench' };
async function appOn(databaseUrl, work) {
  const config = loadConfig({
    NODE_ENV: 'development',
    LOG_LEVEL: 'silent',
    DATABASE_URL: databaseUrl,
    RATE_LIMIT_DISABLED: 'true',
    LOAD_SHED_EVENT_LOOP_DELAY_MS: '0',
    MAIL_ENABLED: 'false',
    SEED_DEMO_DATA: 'false',
    IMAGES_DIR: path.join(work, 'images'),
    IMAGE_SWEEP_MS: '0',
  });
  const jwtSecret = randomBytes(32).toString('base64url');
  const database = await openPostgres({ url: databaseUrl, poolSize: 10 });
  const app = await buildApp({ config, database, jwtSecret });
  await app.ready();
  const token = await createTokenService({ secret: jwtSecret, ttlSeconds: 3600 }).issue(SUPPLIER);
  return {
    app,
    headers: { authorization: `Bearer ${token}` },
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

async function timed(fn) {
  const t0 = performance.now();
  const result = await fn();
  return { ms: performance.now() - t0, result };
}

async function importBench(api) {
  const run = (mode, body) =>
    api.app.inject({
      method: 'POST',
      url: `/api/my-products/import?mode=${mode}`,
      headers: { ...api.headers, 'content-type': 'text/csv' },
      payload: body,
    });
  const expectOk = (res, what) => {
    if (res.statusCode !== 200) throw new Error(`${what}: ${res.statusCode} ${res.body.slice(0, 500)}`);
    return res.json();
  };
  const lines = [];
  /** One upload of `body` in `mode`, timed; its line counts the report's `counted` rows. */
  const measured = async (label, mode, body, counted) => {
    const { ms, result } = await timed(() => run(mode, body));
    lines.push([label, ms, expectOk(result, mode)[counted], mode]);
  };
  const file = catalogFile(ROWS);
  await measured('preview, new products', 'preview', file, 'create');
  await measured('commit, new products', 'commit', file, 'create');

  // The exported file with every price changed: 10,000 updates matched by id, with their versions.
  const exported = await api.app.inject({
    method: 'GET',
    url: '/api/my-products/export.csv',
    headers: api.headers,
  });
  const [head, ...rows] = exported.body.trimEnd().split('\r\n');
  // The first `,<digits>.<2 digits>,` of a row is its price (id, sku, name, brand and category come first).
  const changed = Buffer.from(
    [head, ...rows.map((r) => r.replace(/,(\d+\.\d\d),/, (_m, p) => `,${(Number(p) + 1).toFixed(2)},`))].join(
      '\n',
    ),
  );
  await measured('preview, every price changed', 'preview', changed, 'update');
  await measured('commit, every price changed', 'commit', changed, 'update');
  return { bytes: file.length, lines };
}

/** The child process: uploads a 12 MP JPEG IMAGE_RUNS times, answers times and peak RSS as JSON. */
async function imageChild(databaseUrl, work) {
  const { default: sharp } = await import('sharp');
  // A different photo each time (other noise), so each upload is decoded and stored anew.
  const photos = [];
  for (let i = 0; i < IMAGE_RUNS; i++) {
    photos.push(
      await sharp({
        create: {
          width: 4000,
          height: 3000,
          channels: 3,
          background: { r: 100 + i, g: 150, b: 120 },
          noise: { type: 'gaussian', mean: 128, sigma: 40 },
        },
      })
        .jpeg({ quality: 90 })
        .toBuffer(),
    );
  }
  const api = await appOn(databaseUrl, work);
  global.gc?.();
  const idle = process.memoryUsage().rss;
  let peak = idle;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
  const times = [];
  for (let i = 0; i < IMAGE_RUNS; i++) {
    const bytes = photos[i];
    const boundary = `----bench${i}`;
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const { ms, result } = await timed(() =>
      api.app.inject({
        method: 'POST',
        url: '/api/images',
        headers: { ...api.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload,
      }),
    );
    if (result.statusCode !== 201) throw new Error(`upload: ${result.statusCode} ${result.body}`);
    times.push(ms);
  }
  clearInterval(sampler);
  await api.close();
  process.stdout.write(JSON.stringify({ bytes: photos[0].length, times, idle, peak }));
}

async function main() {
  const { dir: work, remove } = throwawayDir('bench-import');
  const server = await benchServer(work);
  let throwaway;
  try {
    throwaway = await createThrowawayDatabase(server.serverUrl, 'bench');
    await (await openPostgres({ url: throwaway.url, poolSize: 1 })).close();
    console.log(`▶ catalog import bench on ${server.name}: ${fmt(ROWS)} rows`);
    const api = await appOn(throwaway.url, work);
    const imports = await importBench(api).finally(() => api.close());
    for (const [what, ms, count] of imports.lines) console.log(`  ${what}: ${fmt(ms)} ms (${fmt(count)})`);

    console.log(`▶ image upload bench: 12-megapixel JPEG x ${IMAGE_RUNS}`);
    const child = spawnSync(
      process.execPath,
      ['--expose-gc', fileURLToPath(import.meta.url), '--image-child'],
      {
        env: { ...process.env, BENCH_CHILD_DATABASE_URL: throwaway.url, BENCH_CHILD_WORK: work },
        encoding: 'utf8',
        maxBuffer: 1 << 20,
      },
    );
    if (child.status !== 0) throw new Error(`image bench failed: ${child.stderr.slice(-2000)}`);
    const image = JSON.parse(child.stdout.slice(child.stdout.indexOf('{')));
    const mib = (b) => fmt(b / 2 ** 20, 0);
    const median = [...image.times].sort((a, b) => a - b)[Math.floor(image.times.length / 2)];
    console.log(
      `  upload: median ${fmt(median)} ms; peak RSS ${mib(image.peak)} MiB (idle ${mib(image.idle)} MiB)`,
    );

    const table = imports.lines
      .map(([what, ms, count, kind]) => {
        const target = TARGETS[kind];
        return `| ${what} | ${fmt(count)} | ${fmt(ms)} ms | < ${fmt(target / 1000)} s | ${ms < target ? 'met' : 'MISSED'} |`;
      })
      .join('\n');
    writeSection(
      `Catalog import and image upload on ${server.name}`,
      `${server.version}; ${machineLine(machine())}. In-process (app.inject), fresh database.

A ${fmt(ROWS)}-row catalog file (${mib(imports.bytes)} MiB, every column, two price breaks per row):

| step | rows | time | target | |
|---|---:|---:|---:|---|
${table}

POST /api/images of a 12-megapixel JPEG (4000 x 3000, ${mib(image.bytes)} MiB), decoded, rotated, stripped and
written as WebP and AVIF at ${IMAGE_WIDTHS.join('/')} px, ${IMAGE_RUNS} uploads: median **${fmt(median)} ms** (each: ${image.times
        .map((t) => fmt(t))
        .join(
          ', ',
        )} ms); the process's peak RSS **${mib(image.peak)} MiB**, ${mib(image.peak - image.idle)} MiB above idle.`,
    );
  } finally {
    await throwaway?.drop();
    await server.stop();
    remove();
  }
}

if (process.argv.includes('--image-child')) {
  await imageChild(process.env.BENCH_CHILD_DATABASE_URL, process.env.BENCH_CHILD_WORK);
  process.exit(0);
} else {
  await main();
}
