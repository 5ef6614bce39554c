// The mixed load of issue #29: one autocannon run whose every request is drawn from the mix, timed per class.
//
// One autocannon instance with the class of each request in its context, read back on its 'response' event
// (as browse.mjs does), rather than one instance per class: all classes then share the same 50 connections
// in the drawn proportions, as real traffic does, so a slow write holds a connection that a read waits
// for; separate instances would give each class its own connections and hide exactly that.
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { loadavg } from '../report.mjs';

const { IDEMPOTENCY_KEY_HEADER } = await import('@bulkwise/contracts');

/** Shares in percent; a run without purchases draws from the others in the same proportions. */
export const MIX = { product: 37.5, listing: 37.5, search: 12, desk: 5, purchase: 5, edit: 2, import: 1 };
export const READ_CLASSES = ['product', 'listing', 'desk'];
const RANGE = 'from=2025-10-01&to=2026-09-30';
const DESK_PATHS = [
  '/api/orders?limit=20',
  '/api/orders?status=placed&limit=20',
  '/api/orders/summary',
  `/api/insights/summary?${RANGE}`,
  `/api/insights/timeseries?${RANGE}&interval=week`,
  `/api/insights/top-products?${RANGE}`,
  `/api/insights/inventory?${RANGE}`,
];
const IMPORT_HEADER =
  'sku,name,brandName,category,price,stock,minSellingQuantity,rating,description,image,priceTiers';
const pick = (list) => list[Math.floor(Math.random() * list.length)];
const json = (token) => ({ 'content-type': 'application/json', authorization: `Bearer ${token}` });

/** A small catalog file of new products (fresh SKUs), as a supplier's spreadsheet has them. */
function importFile() {
  const id = randomUUID().slice(0, 8);
  const rows = Array.from(
    { length: 5 },
    (_, i) =>
      `SCALE-${id}-${i},Scale crate ${id} ${i},Benchco,Industrial Machinery & Tools,${(5 + i).toFixed(2)},5000,10,4.5,"A crate, stackable.",https://images.example.com/crate.jpg,`,
  );
  return `${IMPORT_HEADER}\n${rows.join('\n')}\n`;
}

/** The request of one class, built from the fixtures (fixtures.mjs). */
const BUILD = {
  product: (f) => ({ method: 'GET', path: `/api/products/${pick(f.ids)}` }),
  listing: (f) => ({ method: 'GET', path: pick(f.listingUrls) }),
  search: (f) => ({ method: 'GET', path: pick(f.searchUrls) }),
  desk: (f) => ({
    method: 'GET',
    path: pick(DESK_PATHS),
    headers: { authorization: `Bearer ${pick(f.readers)}` },
  }),
  purchase: (f) => {
    const p = pick(f.purchase);
    return {
      method: 'POST',
      path: `/api/products/purchase/${p.id}`,
      headers: { ...json(pick(f.buyers)), [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
      body: JSON.stringify({
        quantity: p.min,
        address: '14 Harbour Road, Bristol',
        phone: '+44 117 496 0123',
      }),
    };
  },
  edit: (f) => {
    const p = pick(f.edit);
    const price = Math.max(0.5, Math.round(Number(p.price) * (0.9 + Math.random() * 0.2) * 100) / 100);
    const body = {
      image: 'https://images.example.com/bench.jpg',
      name: p.name,
      brandName: p.brand_name,
      category: p.category,
      mainQuantity: p.main_quantity,
      minSellingQuantity: p.min_selling_quantity,
      price,
      rating: Number(p.rating),
      description: Math.random() < 0.5 ? p.description : `${p.description} Restocked.`,
    };
    return {
      method: 'PUT',
      path: `/api/products/${p.id}`,
      headers: json(f.owners[p.owner_uid]),
      body: JSON.stringify(body),
    };
  },
  import: (f) => ({
    method: 'POST',
    path: '/api/my-products/import?mode=commit',
    headers: { 'content-type': 'text/csv', authorization: `Bearer ${pick(f.importers)}` },
    body: importFile(),
  }),
};

/**
 * One run of the mix: `connections` for `seconds`. Answers, per class, every latency with the time it
 * ended (for windows of a soak) and the answers by status; `onTick` runs every second (RSS samples).
 * Another bench passes its own `mix` (shares by class) and `build` (a class's request from `fixtures`).
 * @param {{ base: string, fixtures: any, connections: number, seconds: number, purchases?: boolean, onTick?: () => void,
 *   mix?: Record<string, number>, build?: Record<string, (fixtures: any) => object> }} options
 */
export async function runMix({
  base,
  fixtures,
  connections,
  seconds,
  purchases = true,
  onTick,
  mix = MIX,
  build = BUILD,
}) {
  const classes = Object.keys(mix).filter((c) => purchases || c !== 'purchase');
  const total = classes.reduce((n, c) => n + mix[c], 0);
  /** @type {Record<string, { ms: number[], at: number[], codes: Record<string, number> }>} */
  const stats = Object.fromEntries(classes.map((c) => [c, { ms: [], at: [], codes: {} }]));
  const setupRequest = (req, context) => {
    let r = Math.random() * total;
    const cls = classes.find((c) => (r -= mix[c]) < 0) ?? classes[0];
    context.cls = cls;
    return { ...req, headers: {}, body: undefined, ...build[cls](fixtures) };
  };
  const before = loadavg();
  const started = performance.now();
  const instance = autocannon({
    url: base,
    connections,
    duration: seconds,
    timeout: 10,
    requests: [{ setupRequest }],
  });
  // Emitted before the client builds its next request, so the context still names this response's class.
  instance.on('response', (client, status, _bytes, ms) => {
    const st = stats[client.requestIterator.context.cls];
    st.ms.push(ms);
    st.at.push((performance.now() - started) / 1000);
    st.codes[status] = (st.codes[status] ?? 0) + 1;
  });
  const ticker = onTick ? setInterval(onTick, 1000) : undefined;
  const result = await instance;
  clearInterval(ticker);
  return {
    stats,
    duration: result.duration,
    errors: result.errors,
    timeouts: result.timeouts,
    before,
    after: loadavg(),
  };
}

const percentile = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] : NaN;

/**
 * Throughput, p50/p99 and failures of some classes of a run, optionally only of answers that ended
 * within [from, to) seconds. A purchase answered 409 (sold out) is an answer, not a failure.
 */
export function summarize(run, classes, from = 0, to = Infinity) {
  const ms = [];
  const codes = {};
  for (const c of classes.filter((k) => run.stats[k])) {
    const st = run.stats[c];
    st.ms.forEach((v, i) => st.at[i] >= from && st.at[i] < to && ms.push(v));
    for (const [k, v] of Object.entries(st.codes)) codes[k] = (codes[k] ?? 0) + v;
  }
  ms.sort((a, b) => a - b);
  const failed = Object.entries(codes)
    .filter(([k]) => !(k.startsWith('2') || (classes[0] === 'purchase' && k === '409')))
    .reduce((n, [, v]) => n + v, 0);
  const seconds = Math.min(to, run.duration) - from;
  return {
    count: ms.length,
    perSecond: ms.length / seconds,
    p50: percentile(ms, 0.5),
    p99: percentile(ms, 0.99),
    failed,
    codes,
  };
}
