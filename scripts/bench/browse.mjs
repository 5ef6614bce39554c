// @ts-check
// Buyer-like browse bench: mixed traffic against an ALREADY RUNNING `npm start` stack, from outside, as
// buyers and a supplier would use it (real sign-in through the Auth emulator and POST /api/jwt).
//
//   RATE_LIMIT_WRITES_PER_MINUTE=1000000 npm start      # required: setup and the mixed run write a lot
//   node scripts/bench/browse.mjs
//
// 1. Setup: the demo supplier creates BROWSE_PRODUCTS products (names from a small word list, so search
//    finds them), then the listing, search and suggest URLs a buyer reaches are crawled (pages followed
//    through X-Next-Cursor).
// 2. "reads": 50 connections for BROWSE_SECONDS, each request a random URL: 40 % product pages, 30 %
//    listing pages, 30 % search/suggest. 3. "mixed": the same plus 5 % purchases (demo buyer) and 1 %
//    product edits (supplier). Latencies are per class, from autocannon's own per-response timing.
// 4. Prints a markdown table; BROWSE_WRITE=1 also writes it to bench/results/latest.md.
//
// Knobs: BROWSE_URL=http://localhost:3000 BROWSE_AUTH_EMULATOR=127.0.0.1:9099 BROWSE_PRODUCTS=2000
// BROWSE_SECONDS=60 BROWSE_CONNECTIONS=50 BROWSE_WRITE=1 BROWSE_LABEL=<engine, e.g. embedded PostgreSQL 18>.
// Loopback only; bounded by BROWSE_SECONDS per run and a 10 s timeout per request. The products it creates
// stay (run it against a throwaway DATA_DIR). No Accept-Encoding is sent, as in run.mjs.
import { randomUUID } from 'node:crypto';
import { register } from 'tsx/esm/api';
import { authEmulatorPost } from '../lib/auth-emulator.mjs';
import { PURCHASE_BODY } from '../faults/load.mjs';
import { listingFirstPages, pool, typos } from './crawl.mjs';
import { envNumber, fmt, machineLine, stepLogger, writeSection } from './report.mjs';

register();
const { PRODUCT_CATEGORIES, NEXT_CURSOR_HEADER, IDEMPOTENCY_KEY_HEADER } =
  await import('@bulkwise/contracts');
const { runMix, summarize } = await import('./scale/mix.mjs');

const BASE = (process.env.BROWSE_URL ?? 'http://localhost:3000').replace(/\/$/, '');
const EMULATOR = process.env.BROWSE_AUTH_EMULATOR ?? '127.0.0.1:9099';
const PRODUCTS = envNumber('BROWSE_PRODUCTS', 2000);
const SECONDS = envNumber('BROWSE_SECONDS', 60);
const CONNECTIONS = envNumber('BROWSE_CONNECTIONS', 50);
const LABEL = process.env.BROWSE_LABEL ?? new URL(BASE).host;
if (!/^(localhost|127\.0\.0\.1|\[::1\])$/.test(new URL(BASE).hostname))
  throw new Error(`BROWSE_URL must be loopback: ${BASE}`);

const step = stepLogger();

// A seeded PRNG for the catalog (the same products every run); Math.random for the traffic.
let seed = 20261126;
const rand = () => (seed = (Math.imul(seed ^ (seed >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0) / 2 ** 32;
const pick = (list, r = Math.random) => list[Math.floor(r() * list.length)];

const ADJECTIVES =
  'heavy compact premium classic rugged slim portable modular quiet wireless folding smart durable lightweight industrial deluxe eco digital vintage ergonomic'.split(
    ' ',
  );
const MATERIALS =
  'steel bamboo cotton leather ceramic copper nylon walnut glass aluminium rubber linen marble silicone canvas'.split(
    ' ',
  );
const NOUNS =
  'pallet kettle blender jacket sneaker drill wrench lamp speaker charger headphones backpack notebook stapler stroller mirror shampoo helmet tyre toolbox ladder blanket cushion teapot scissors marker printer router monitor keyboard bottle candle apron gloves hammer saw grinder compressor battery cable tablet mixer vacuum heater fan tripod drone camera watch wallet sandals hoodie trolley shelf crate'.split(
    ' ',
  );
const BRANDS = 'Northwind Acme Orbis Vantage Kestrel Harbor Lumen Tallis Brixton Meridian'.split(' ');
const WORDS = [...ADJECTIVES, ...MATERIALS, ...NOUNS, ...BRANDS.map((b) => b.toLowerCase())]; // ~100
const MIN_ORDERS = [1, 5, 10, 24, 50, 100, 120, 200, 250, 500];

/**
 * fetch against the stack; throws with the answer unless 2xx.
 * @param {string} method @param {string} path
 * @param {{ token?: string, body?: unknown, headers?: Record<string, string> }} [options]
 */
async function api(method, path, { token, body, headers = {} } = {}) {
  const res = await fetch(`${BASE}${path}`, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
  return { json: text ? JSON.parse(text) : undefined, headers: res.headers };
}

/** Sign in as the web app does: the emulator's password sign-in, then the ID token for an API token. */
async function signIn(email, password) {
  const user = await authEmulatorPost(EMULATOR, '/accounts:signInWithPassword', {
    email,
    password,
    returnSecureToken: true,
  });
  const { json } = await api('POST', '/api/jwt', {
    headers: { authorization: `Bearer ${user.idToken}` },
    body: { email, uid: user.localId },
  });
  return /** @type {string} */ (json.token);
}

/** Up to `pages` pages of a listing or search, following X-Next-Cursor: the URLs a buyer pages through. */
async function crawl(path, pages) {
  const urls = [];
  for (let url = path; url && urls.length < pages;) {
    urls.push(url);
    const cursor = (await api('GET', url)).headers.get(NEXT_CURSOR_HEADER);
    url = cursor ? `${path}&cursor=${encodeURIComponent(cursor)}` : undefined;
  }
  return urls;
}

async function setup() {
  const supplier = await signIn('supplier@bulkwise.test', 'Supplier#2026');
  const buyer = await signIn('buyer@bulkwise.test', 'Buyer#2026');
  step(`Creating ${fmt(PRODUCTS)} products as the demo supplier`);
  const bodies = Array.from({ length: PRODUCTS }, (_, i) => {
    const [adj, mat, noun] = [pick(ADJECTIVES, rand), pick(MATERIALS, rand), pick(NOUNS, rand)];
    const minSellingQuantity = pick(MIN_ORDERS, rand);
    return {
      image: `${BASE}/images/placeholder.svg`,
      name: `${adj} ${mat} ${noun} ${i}`.replace(/^./, (c) => c.toUpperCase()),
      brandName: pick(BRANDS, rand),
      category: pick(PRODUCT_CATEGORIES, rand),
      // Stock for thousands of minimum orders: the mixed run buys, it is not a sell-out test.
      mainQuantity: Math.min(10_000_000, minSellingQuantity * 20_000),
      minSellingQuantity,
      price: Math.round(Math.exp(Math.log(0.5) + rand() * Math.log(10_000)) * 100) / 100, // 0.50 .. 5,000
      rating: Math.round((1 + rand() * 4) * 10) / 10,
      description: `A ${adj} ${noun} in ${mat}, packed for wholesale.`,
    };
  });
  const products = await pool(bodies, 16, async (body) => {
    const { json } = await api('POST', '/api/products', { token: supplier, body });
    return { id: /** @type {string} */ (json._id), body };
  });

  step('Crawling listing pages (sort × category × minOrderOver, pages 1-4)');
  const listing = await listingFirstPages();
  const listingUrls = (await pool(listing, 8, (p) => crawl(p, 4))).flat();

  step(`Crawling searches (${WORDS.length} words and 2 typos each, pages 1-3) and suggestions`);
  const terms = WORDS.flatMap((w) => [w, ...typos(w)]);
  const searchUrls = (
    await pool(terms, 8, (t) => crawl(`/api/products?q=${encodeURIComponent(t)}&limit=24`, 3))
  ).flat();
  const prefixes = [...new Set(WORDS.flatMap((w) => [w.slice(0, 2), w.slice(0, 3), w.slice(0, 4)]))];
  const suggestUrls = prefixes.map((p) => `/api/products/suggest?q=${encodeURIComponent(p)}`);
  await pool(suggestUrls, 8, (u) => api('GET', u));
  const findUrls = [...searchUrls, ...suggestUrls];
  console.log(
    `  ${fmt(products.length)} products, ${fmt(listingUrls.length)} listing URLs, ${fmt(searchUrls.length)} search + ${fmt(suggestUrls.length)} suggest URLs`,
  );
  return { supplier, buyer, products, listingUrls, findUrls };
}

/** Shares in percent: reads 40 % product pages, 30 % listing, 30 % search; mixed adds 5 % purchases, 1 % edits. */
const READS_MIX = { product: 40, listing: 30, search: 30 };
const MIXED = { product: 37.6, listing: 28.2, search: 28.2, purchase: 5, edit: 1 };
const json = (token) => ({ 'content-type': 'application/json', authorization: `Bearer ${token}` });

/** A request of each class, from what setup made (`s`). */
const BUILD = {
  product: (s) => ({ method: 'GET', path: `/api/products/${pick(s.products).id}` }),
  listing: (s) => ({ method: 'GET', path: pick(s.listingUrls) }),
  search: (s) => ({ method: 'GET', path: pick(s.findUrls) }),
  purchase: (s) => {
    const p = pick(s.products);
    return {
      method: 'POST',
      path: `/api/products/purchase/${p.id}`,
      headers: { ...json(s.buyer), [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
      body: JSON.stringify({ quantity: p.body.minSellingQuantity, ...PURCHASE_BODY }),
    };
  },
  edit: (s) => {
    // An edit of one of the supplier's products: its price or its description, the whole body as the form sends it.
    const p = pick(s.products);
    if (Math.random() < 0.5)
      p.body.price = Math.max(0.01, Math.round(p.body.price * (0.9 + Math.random() * 0.2) * 100) / 100);
    else p.body.description = `Restocked ${new Date().toISOString()}: ${p.body.name}.`;
    return {
      method: 'PUT',
      path: `/api/products/${p.id}`,
      headers: json(s.supplier),
      body: JSON.stringify(p.body),
    };
  },
};

/** One run of the scale bench's mixed load (scale/mix.mjs) with this bench's classes, summarized per class. */
async function load(name, mixed, s) {
  const run = await runMix({
    base: BASE,
    fixtures: s,
    connections: CONNECTIONS,
    seconds: SECONDS,
    mix: mixed ? MIXED : READS_MIX,
    build: BUILD,
  });
  const classes = mixed
    ? ['product', 'listing', 'search', 'purchase', 'edit']
    : ['product', 'listing', 'search'];
  const rows = { reads: summarize(run, ['product', 'listing', 'search']) };
  for (const c of classes) rows[c] = summarize(run, [c]);
  return { name, rows, ...run };
}

const CLASS_TITLES = {
  reads: 'all reads',
  product: 'GET /api/products/:id',
  listing: 'listing pages',
  search: 'search + suggest',
  purchase: 'POST /api/products/purchase/:id',
  edit: 'PUT /api/products/:id',
};

function render(runs, s) {
  const lines = [
    `${new Date().toISOString()}, ${machineLine()}; stack at ${BASE} (${LABEL}). ${fmt(s.products.length)} products created by the bench on top of the demo catalog; ` +
      `${fmt(s.listingUrls.length)} listing, ${fmt(s.findUrls.length)} search/suggest URLs. autocannon, ${CONNECTIONS} connections, ${SECONDS} s per run, ` +
      `every request a random URL (reads: 40 % product, 30 % listing, 30 % search/suggest; mixed adds 5 % purchases, 1 % edits). ` +
      `Failed = answers other than 2xx (409 counts as answered for purchases); autocannon's errors and timeouts, for the whole run, on its first row. Load average (1 min) before → after.`,
    '',
    '| run | traffic | requests | per s | p50 ms | p99 ms | failed | load avg |',
    '|---|---|---:|---:|---:|---:|---|---|',
  ];
  for (const run of runs) {
    for (const [key, r] of Object.entries(run.rows)) {
      const extra = key === 'purchase' && r.codes['409'] ? ` (409: ${fmt(r.codes['409'])})` : '';
      const failed = `${fmt(r.failed)}${extra}${key === 'reads' && (run.errors || run.timeouts) ? `; errors ${run.errors}, timeouts ${run.timeouts}` : ''}`;
      lines.push(
        `| ${run.name} | ${CLASS_TITLES[key]} | ${fmt(r.count)} | ${fmt(r.perSecond)} | ${fmt(r.p50, 1)} | ${fmt(r.p99, 1)} | ${failed} | ${key === 'reads' ? `${run.before[0]} → ${run.after[0]}` : ''} |`,
      );
    }
  }
  return lines.join('\n');
}

step(`Browse bench against ${BASE} (${LABEL}), auth emulator ${EMULATOR}`);
const s = await setup();
step(`Run "reads": ${CONNECTIONS} connections, ${SECONDS} s`);
const reads = await load('reads', false, s);
step(`Run "mixed": ${CONNECTIONS} connections, ${SECONDS} s`);
const mixed = await load('mixed', true, s);
const markdown = render([reads, mixed], s);
console.log(`\n${markdown}\n`);
if (process.env.BROWSE_WRITE === '1') {
  writeSection(`Buyer-like browse (${LABEL})`, markdown);
  console.log(`Wrote bench/results/latest.md (section "Buyer-like browse (${LABEL})")`);
}
