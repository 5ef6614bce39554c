// The lines `npm run bench` measures on the API (run.mjs and search.mjs), described once: how each is
// requested, what the table calls it and its target (issues #16 and #17; the purchase rate is the one
// measured before #17, not to get slower). targets.mjs renders the table rows and the targets from these.
import { fmt } from './report.mjs';

/** @typedef {import('./targets.mjs').Line} Line */

/** What a browser accepts: the server-made HTML is then compressed, as a visitor receives it. */
const BROWSER_ENCODINGS = { 'accept-encoding': 'gzip, deflate, br, zstd' };

export const SORTED_PAGE = '/api/products?sort=price_asc&minOrderOver=100&limit=24';

/** The bare route's two passes around the API lines: the machine's ceiling. */
export const ceilingPass = (which) => ({
  id: `ceiling-${which}`,
  title: `bare route (ceiling, ${which} pass)`,
  step: () => `Bare Fastify route (ceiling), ${which} pass`,
  request: (c) => c.byId('/bare/products/'),
  base: 'bare',
});

/**
 * The catalog lines of the full run, in order; `read` names the ones BENCH_ONLY=reads measures
 * (BENCH_READS), `readsOnly` the one only it measures; `base: 'bare'` goes to the bare server.
 * @type {(Line & { read?: string, readsOnly?: boolean, base?: string })[]}
 */
export const API_LINES = [
  {
    id: 'productById',
    read: 'product',
    title: 'GET /api/products/:id',
    request: (c) => c.byId('/api/products/'),
    target: { shareOfCeiling: 60 },
  },
  {
    id: 'bareDb',
    title: 'reference (not the API): bare route + 1 prepared query by id',
    step: () => 'Reference: bare route + one prepared PostgreSQL query by id',
    request: (c) => c.byId('/bare-db/products/'),
    base: 'bare',
  },
  {
    id: 'sortedFiltered',
    read: 'page',
    title: `GET ${SORTED_PAGE}`,
    label: 'sorted + filtered first page',
    request: () => ({ method: 'GET', path: SORTED_PAGE }),
    target: { shareOfCeiling: 50, p99Below: 20 },
  },
  {
    id: 'categoryPage',
    title: 'GET /api/products?category=<slug>&limit=24',
    request: (c) => {
      let turn = 0;
      return {
        method: 'GET',
        setupRequest: (req) => ({
          ...req,
          path: `/api/products?category=${c.slugs[turn++ % c.slugs.length]}&limit=24`,
        }),
      };
    },
  },
  {
    id: 'categories',
    read: 'categories',
    title: 'GET /api/categories',
    request: () => ({ method: 'GET', path: '/api/categories' }),
    target: { shareOfCeiling: 60 },
  },
  {
    // Decision 0024: a product page's server-made HTML (served from the built web, apps/web/dist).
    id: 'html',
    read: 'html',
    readsOnly: true,
    title: (c) => `GET /product/:id (server-made HTML, ${fmt(c.htmlIds.length)} pages, warm)`,
    // As a browser asks for it: compressed.
    request: (c) => c.byId('/product/', BROWSER_ENCODINGS, c.htmlIds),
    target: { p99Below: 10 },
  },
];

/** @type {Line} */
export const PURCHASE_LINE = {
  id: 'purchase',
  title: 'POST /api/products/purchase/:id',
  label: 'purchases',
  step: (c) =>
    `POST /api/products/purchase/:id (${fmt(c.purchaseProducts)} products, ${c.hotProducts} of them selling out, ${c.buyers} buyers)`,
  request: (c) => c.purchase,
  target: { perSecondAtLeast: 1563, noOversell: true },
  extra: (res) => `; ${fmt(res.okPerSecond)} purchases/s`,
};

/**
 * The search lines (search.mjs, decision 0009): the common word, a typo of it, suggestions for its first
 * 3 letters, and the common word's page read from the database. `c` holds the words and the requests.
 * @type {Line[]}
 */
export const SEARCH_LINES = [
  {
    id: 'searchCommon',
    title: (c) => `GET /api/products?q=${c.word}&limit=24 (common word)`,
    label: 'search, common word,',
    step: (c) => `GET /api/products?q=${c.word} (in ${fmt(c.products)} names), first page`,
    request: (c) => c.listing(c.word),
    target: { p99Below: 50 },
  },
  {
    id: 'searchTypo',
    title: (c) => `GET /api/products?q=${c.typo}&limit=24 (typo of ${c.word})`,
    label: 'search, typo,',
    step: (c) => `GET /api/products?q=${c.typo} (typo), first page`,
    request: (c) => c.listing(c.typo),
    target: { p99Below: 50 },
  },
  {
    id: 'suggest',
    title: (c) => `GET /api/products/suggest?q=${c.prefix} (3-letter prefix)`,
    label: 'suggestions',
    step: (c) => `GET /api/products/suggest?q=${c.prefix}`,
    request: (c) => c.suggest(c.prefix),
    target: { p99Below: 20 },
  },
  {
    id: 'searchUncached',
    title: (c) => `GET /api/products?q=${c.word}&limit=24&cursor=<random> (common word, uncached)`,
    label: 'search, common word, page read from the database,',
    step: (c) => `GET /api/products?q=${c.word}&cursor=<random> (uncached page)`,
    request: (c) => c.uncached(c.word),
    target: { p99Below: 50 },
  },
];
