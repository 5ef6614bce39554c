// Part of `npm run bench` (issue #18): throughput of 1, 2 and 3 API instances on one PostgreSQL database
// and one Redis, driven round robin (autocannon per instance, the connections split evenly), for the
// product read and for purchases; next to one instance without Redis, which shows what coordination
// (shared limits in Redis, the invalidation trigger and NOTIFY) costs. Loopback only, bounded.
// Writes the "API instances on PostgreSQL" section of bench/results/latest.md.
// Knobs: BENCH_DURATION=6 BENCH_WARMUP=1 BENCH_CONNECTIONS=48; needs PostgreSQL (DATABASE_URL or
// 127.0.0.1:5432) and Redis on 127.0.0.1:6379, else one loud line and exit 0.
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { ROOT } from '../stack.mjs';
import { cleanupAll, freshDatabase, httpRequest, makeBuyers } from '../faults/lib.mjs';
import { PURCHASE_BODY } from '../faults/load.mjs';
import { reachable, startCluster } from '../scale/cluster.mjs';
import { createProducts, makeSupplier } from '../scale/fixtures.mjs';
import { fmt, loadavg, loadKnobs, machineLine, writeSection } from './report.mjs';

const { DURATION, WARMUP, CONNECTIONS } = loadKnobs({ duration: 6, warmup: 1, connections: 48 });
const PRODUCTS = 200;
const STOCK = 10_000_000;

if (!(await reachable('127.0.0.1', 5432)) || !(await reachable('127.0.0.1', 6379))) {
  console.log(
    '!!!!! bench (instances) SKIPPED: needs PostgreSQL on 127.0.0.1:5432 and Redis on 127.0.0.1:6379 !!!!!',
  );
  process.exit(0);
}

async function drive(instances, requestFor) {
  const per = Math.max(1, Math.floor(CONNECTIONS / instances.length));
  const run = (duration) =>
    Promise.all(
      instances.map((api, i) =>
        autocannon({
          url: `http://127.0.0.1:${api.port}`,
          connections: per,
          duration,
          timeout: 10,
          requests: [requestFor(i)],
        }),
      ),
    );
  if (WARMUP > 0) await run(WARMUP);
  const results = await run(DURATION);
  const ok = results.reduce((sum, r) => sum + (r.statusCodeStats?.['200']?.count ?? 0), 0);
  const bad = results.reduce((sum, r) => sum + r.non2xx + r.errors + r.timeouts, 0);
  return { perSecond: ok / DURATION, p99: Math.max(...results.map((r) => r.latency.p99)), bad };
}

const randomOf = (list) => list[Math.floor(Math.random() * list.length)];

async function measure(label, instances, products, buyers) {
  const read = await drive(instances, () => ({
    method: 'GET',
    setupRequest: (req) => ({ ...req, path: `/api/products/${randomOf(products).id}` }),
  }));
  const buy = await drive(instances, () => ({
    method: 'POST',
    setupRequest: (req) => ({
      ...req,
      path: `/api/products/purchase/${randomOf(products).id}`,
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${randomOf(buyers).token}`,
        'idempotency-key': randomUUID(),
      },
      body: JSON.stringify({ quantity: 1, ...PURCHASE_BODY }),
    }),
  }));
  console.log(
    `  ${label}: read ${fmt(read.perSecond)}/s (p99 ${read.p99} ms), purchases ${fmt(buy.perSecond)}/s (p99 ${buy.p99} ms), non-2xx/errors ${read.bad + buy.bad}  (load ${loadavg().join(' ')})`,
  );
  return { label, count: instances.length, read, buy, load: loadavg()[0] };
}

async function oversold(databaseUrl, products) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      `select p.id, p.main_quantity + coalesce(sum(c.quantity), 0) as total from products p
       left join cart_items c on c.product_id = p.id where p.id = any($1::uuid[]) group by p.id`,
      [products.map((p) => p.id)],
    );
    return rows.filter((r) => Number(r.total) !== STOCK).length;
  } finally {
    await client.end();
  }
}

const rows = [];
let broken = 0;
try {
  execFileSync(process.execPath, [path.join(ROOT, 'apps', 'api', 'build.mjs')], { stdio: 'inherit' });
  const common = { RATE_LIMIT_WRITES_PER_MINUTE: '100000000', LOG_LEVEL: 'warn' };
  const baseDb = await freshDatabase();
  const [alone] = await startCluster({ count: 1, databaseUrl: baseDb, env: common });
  const supplier = await makeSupplier();
  const buyers = await makeBuyers(50);
  const aloneProducts = await createProducts(alone.port, supplier, PRODUCTS, { stock: STOCK });
  console.log(`▶ instances bench on PostgreSQL, ${machineLine()}`);
  rows.push(await measure('1 instance, no Redis', [alone], aloneProducts, buyers));
  broken += await oversold(baseDb, aloneProducts);
  alone.child.kill('SIGTERM');
  await alone.exited;

  const databaseUrl = await freshDatabase();
  const cluster = await startCluster({
    count: 3,
    databaseUrl,
    redisUrl: 'redis://127.0.0.1:6379/6',
    env: common,
  });
  const products = await createProducts(cluster[0].port, supplier, PRODUCTS, { stock: STOCK });
  const warm = await httpRequest({
    port: cluster[0].port,
    method: 'GET',
    path: `/api/products/${products[0].id}`,
  });
  if (warm.status !== 200) throw new Error(`GET product answered ${warm.status ?? warm.error}`);
  for (const n of [1, 2, 3])
    rows.push(
      await measure(`${n} instance${n > 1 ? 's' : ''}, Redis`, cluster.slice(0, n), products, buyers),
    );
  broken += await oversold(databaseUrl, products);
} finally {
  await cleanupAll();
}

const base = rows[0];
const pct = (a, b) => `${fmt((a / b) * 100)} %`;
const table = [
  '| instances | product read req/s | p99 | vs 1 without Redis | purchases/s | p99 | vs 1 without Redis | load avg |',
  '|---|---:|---:|---:|---:|---:|---:|---:|',
  ...rows.map(
    (r) =>
      `| ${r.label} | ${fmt(r.read.perSecond)} | ${r.read.p99} ms | ${pct(r.read.perSecond, base.read.perSecond)} | ${fmt(r.buy.perSecond)} | ${r.buy.p99} ms | ${pct(r.buy.perSecond, base.buy.perSecond)} | ${r.load} |`,
  ),
].join('\n');
const body = `${new Date().toISOString().slice(0, 16)} UTC, ${machineLine()}. ${CONNECTIONS} connections split evenly over
the instances (round robin), ${DURATION} s per figure after ${WARMUP} s warm-up, ${PRODUCTS} products read at random (served
from the instances' caches) and bought one unit at a time with an Idempotency-Key by 50 buyers. All instances and
the load generator share the machine's cores, so more instances cannot add CPU here: the figure shows what
coordination costs. Oversold products: ${broken}.

${table}`;
console.log(`\n${table}\n\noversold products: ${broken}`);
writeSection('API instances on PostgreSQL', body);
process.exit(broken > 0 ? 1 : 0);
