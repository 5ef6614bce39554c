// `npm run bench` (second part), or alone: `node scripts/bench/orders.mjs`. The supplier's desk with
// 100,000 orders: GET /api/orders first page (all, and the Placed tab) and GET /api/orders/summary.
//
// Seeds a fresh database (a new `bulkwise_bench_<rand>` database on an embedded PostgreSQL in a temp
// directory, or on the
// server of DATABASE_URL when set) through the real migrations, starts the API in production mode and
// drives it with autocannon from this process, then times the first page right after a change (a cache
// miss). Writes the "Orders desk on …" section of bench/results/latest.md. Target: p99 of the first page
// under 50 ms.
//
// Knobs (env): BENCH_ORDERS=100000 BENCH_DURATION=8 BENCH_WARMUP=2 BENCH_CONNECTIONS=50 BENCH_KEEP=1.
import { ApiBench, benchUser } from './api-bench.mjs';
import { seedOrderHistory } from './marketplace.mjs';
import { envNumber, fmt } from './report.mjs';
import { measureLines, resultTable, targetHolds, targetLine } from './targets.mjs';

const bench = new ApiBench('orders');
const ORDERS = envNumber('BENCH_ORDERS', 100_000);
const TARGET_P99_MS = 50;
const SUPPLIER = benchUser('bench-desk-supplier', 'Desk Supplier');

/**
 * The supplier's products and ORDERS orders over the year before 2026-10-01 (one every few minutes),
 * in every status, plus a fifth as many for another supplier; each with its `placed` history entry.
 */
async function seed(exec) {
  await exec(`
    insert into products (name, brand_name, category, category_slug, description, image, main_quantity,
      min_selling_quantity, price, rating, owner_uid, user_email, user_name)
    select 'Bench crate ' || i, 'Benchco', 'Industrial Machinery & Tools', 'industrial_machinery_tools',
      'A crate for the bench', '/images/products/placeholder.jpg', 1000000, 10, 2.5 + i, 4.2,
      '${SUPPLIER.uid}', '${SUPPLIER.email}', '${SUPPLIER.name}'
    from generate_series(1, 20) i`);
  const insertBatch = (supplierUid, count, from, to) =>
    exec(`
    insert into cart_items (buyer_uid, buyer_email, buyer_name, product_id, product_snapshot, quantity, unit_price,
      address, phone, updated_quantity, purchased_at, status, supplier_uid, supplier_email, supplier_name,
      carrier, tracking_number, cancelled_by, cancel_reason)
    select 'bench-buyer-' || (i % 500), 'buyer-' || (i % 500) || '@bench.bulkwise.test', 'Buyer ' || (i % 500),
      p.id, jsonb_build_object('_id', p.id, 'image', p.image, 'name', p.name, 'brandName', p.brand_name,
        'category', p.category, 'categorySlug', p.category_slug, 'description', p.description,
        'mainQuantity', p.main_quantity, 'minSellingQuantity', p.min_selling_quantity, 'price', p.price,
        'rating', p.rating, 'userName', p.user_name, 'createdAt', '2026-01-01T00:00:00.000Z'),
      10 + i % 90, p.price, i || ' Harbour Road, Bristol', '+44 117 496 ' || lpad((i % 10000)::text, 4, '0'), 0,
      timestamptz '2026-10-01T00:00:00Z' - (${count} - i) * interval '5 minutes' - (i % 997) * interval '1 millisecond',
      s.status, '${supplierUid}', '${supplierUid}@bench.bulkwise.test', '${supplierUid}',
      case when s.status in ('shipped', 'delivered') then 'DHL' end,
      case when s.status in ('shipped', 'delivered') then 'JD' || i end,
      case when s.status = 'cancelled' then 'supplier' end,
      case when s.status = 'cancelled' then 'Out of stock' end
    from generate_series(${from}::int, ${to}::int) i
    cross join lateral (select (array['placed', 'placed', 'confirmed', 'shipped', 'delivered', 'delivered',
      'delivered', 'delivered', 'cancelled', 'placed'])[1 + i % 10] as status) s
    cross join lateral (select * from products where owner_uid = '${SUPPLIER.uid}' order by name offset (i % 20) limit 1) p`);
  // In batches of 5,000, so a slow machine shows progress rather than one long statement.
  const insertOrders = async (supplierUid, count) => {
    for (let from = 1; from <= count; from += 5_000)
      await insertBatch(supplierUid, count, from, Math.min(count, from + 4_999));
  };
  await insertOrders(SUPPLIER.uid, ORDERS);
  await insertOrders('bench-other-supplier', Math.round(ORDERS / 5));
  await seedOrderHistory(exec);
  await exec(`vacuum analyze`);
  const { rows } = await exec(
    `select count(*)::int as n from cart_items where supplier_uid = '${SUPPLIER.uid}'`,
  );
  return rows[0].n;
}

/** The desk's lines (targets.mjs's format); `c.headers` signs as the supplier. */
const get = (path) => (c) => ({ method: 'GET', path, headers: c.headers });
/** @type {import('./targets.mjs').Line[]} */
const LINES = [
  {
    id: 'first',
    title: 'GET /api/orders?limit=20 (first page, all statuses)',
    label: 'first page',
    request: get('/api/orders?limit=20'),
    target: { p99Below: TARGET_P99_MS },
  },
  {
    id: 'placed',
    title: 'GET /api/orders?status=placed&limit=20 (the Placed tab)',
    request: get('/api/orders?status=placed&limit=20'),
  },
  {
    id: 'summary',
    title: 'GET /api/orders/summary (the badge and the tab counts)',
    request: get('/api/orders/summary'),
  },
];

/**
 * The desk answers from memory until an order of this supplier changes; the read after a change counts
 * the supplier's orders again. Five times: confirm one placed order, then time one GET of the first page.
 */
async function firstPageAfterChanges(base, headers) {
  const afterChange = [];
  const placed = /** @type {Array<{ _id: string }>} */ (
    await (await fetch(`${base}/api/orders?status=placed&limit=5`, { headers })).json()
  );
  for (const order of placed) {
    const moved = await fetch(`${base}/api/orders/${order._id}/confirm`, { method: 'POST', headers });
    if (!moved.ok) throw new Error(`confirm: ${moved.status} ${await moved.text()}`);
    const t0 = performance.now();
    const res = await fetch(`${base}/api/orders?limit=20`, { headers });
    await res.arrayBuffer();
    afterChange.push(performance.now() - t0);
  }
  return afterChange.sort((a, b) => a - b);
}

/** The section: the lines' table, the first page's target and its reads right after a change. */
function render({ total, firstBytes, results, afterChange }) {
  return [
    bench.runLine() +
      `One supplier with ${fmt(total)} orders (X-Total-Count of the first page; another supplier has ${fmt(Math.round(ORDERS / 5))}), ` +
      `20 orders per page with their history (${fmt(firstBytes)} B). ${bench.loadLine()}.`,
    '',
    ...resultTable(LINES.map((line) => results[line.id])),
    '',
    targetLine(LINES[0], results.first, { ceiling: NaN }),
    `- first page right after a change (served from memory until then; one request, counts again): median ${fmt(afterChange[2], 1)} ms, max ${fmt(afterChange.at(-1), 1)} ms of ${afterChange.length}`,
  ].join('\n');
}

async function main() {
  const { url, seeded } = await bench.seededDatabase(
    (server) =>
      `Orders desk bench on ${server}: ${fmt(ORDERS)} orders for one supplier, ${bench.CONNECTIONS} connections, ${bench.DURATION} s per endpoint`,
    seed,
  );
  console.log(`  ${fmt(seeded)} orders for the supplier`);
  const { base, signedAs } = await bench.startApi(url);
  const headers = await signedAs(SUPPLIER);
  const first = await fetch(`${base}/api/orders?limit=20`, { headers });
  if (!first.ok) throw new Error(`GET /api/orders: ${first.status} ${await first.text()}`);
  const total = Number(first.headers.get('x-total-count'));
  const firstBytes = (await first.arrayBuffer()).byteLength;

  const load = (title, url, request) => bench.load(title, url, request);
  const results = await measureLines(LINES, { headers }, { load, step: bench.step, base: () => base });
  bench.step('First page right after a change (5 x confirm one order, then one GET)');
  const afterChange = await firstPageAfterChanges(base, headers);
  await bench.stopApi();

  bench.publish('Orders desk', {
    markdown: render({ total, firstBytes, results, afterChange }),
    met: targetHolds(LINES[0], results.first, { ceiling: NaN }) && total === ORDERS,
  });
}

await bench.run(main);
