// What the scale bench's traffic picks from: product ids, the purchase and edit sets (disjoint, so an edit,
// which sends the whole product, never rewrites a stock that purchases change), signed-in users (tokens
// signed with the API's secret, as POST /api/jwt would), and the listing and search URLs buyers reach,
// later pages included (crawled through X-Next-Cursor).
import pg from 'pg';
import { withClient } from '../api-process.mjs';
import { listingFirstPages, pool, typos } from '../crawl.mjs';
import { catalogWords } from './generate.mjs';

const { NEXT_CURSOR_HEADER } = await import('@bulkwise/contracts');
const { createTokenService } = await import('../../../apps/api/src/modules/auth/tokens.ts');

/** Suppliers whose products the edits change; purchases never touch their products. */
const EDITORS = 20;
const user = (uid) => ({ uid, email: `${uid}@bench.bulkwise.test`, name: uid });

/** A setup read that takes longer has hung: the run fails rather than waits for ever. */
export const SETUP_TIMEOUT_MS = 60_000;

/** Setup reads that the API shed (503 while its event loop lags), counted for the log. */
export const shed = { count: 0 };

/**
 * GET `url`, asked again (after a second, at most 30 times) while the API sheds load: the crawl only
 * collects URLs, and a busy shared machine must not end the run before anything is measured.
 */
async function answered(url) {
  for (let attempt = 1; ; attempt++) {
    const res = await fetch(url, { signal: AbortSignal.timeout(SETUP_TIMEOUT_MS) });
    if (res.status !== 503 || attempt === 30) return res;
    shed.count++;
    await res.arrayBuffer();
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/** Up to `pages` pages of a listing or search, following X-Next-Cursor. */
async function crawl(base, path, pages) {
  const urls = [];
  for (let url = path; url && urls.length < pages;) {
    urls.push(url);
    const res = await answered(`${base}${url}`);
    if (!res.ok) throw new Error(`GET ${url}: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
    const cursor = res.headers.get(NEXT_CURSOR_HEADER);
    url = cursor ? `${path}&cursor=${encodeURIComponent(cursor)}` : undefined;
  }
  return urls;
}

/** Listing pages (every sort, category and the minimum-order filter) and search/suggest URLs. */
async function crawlUrls(base, pages) {
  const listing = await listingFirstPages();
  const words = catalogWords();
  const terms = words.flatMap((w) => [w, ...typos(w)]);
  const search = await pool(terms, 4, (t) =>
    crawl(base, `/api/products?q=${encodeURIComponent(t)}&limit=24`, 3),
  );
  const prefixes = [...new Set(words.flatMap((w) => [w.slice(0, 3), w.slice(0, 4)]))];
  return {
    listingUrls: (await pool(listing, 4, (p) => crawl(base, p, pages))).flat(),
    searchUrls: [
      ...search.flat(),
      ...prefixes.map((p) => `/api/products/suggest?q=${encodeURIComponent(p)}`),
    ],
    words,
  };
}

/**
 * @param {{ base: string, databaseUrl: string, jwtSecret: string, knobs: { readIds: number, purchaseProducts: number, suppliers: number, listingPages: number, bigUid: string } }} options
 */
export async function buildFixtures({ base, databaseUrl, jwtSecret, knobs }) {
  const editors = Array.from({ length: EDITORS }, (_, i) => `bench-supplier-${1 + i}`);
  const inEditors = `(${editors.map((uid) => `'${uid}'`).join(', ')})`;
  const data = await withClient(pg, databaseUrl, async (exec) => ({
    ids: (await exec(`select id from products order by random() limit ${knobs.readIds}`)).rows.map(
      (r) => r.id,
    ),
    purchase: (
      await exec(`select id, min_selling_quantity as min, main_quantity as stock from products
        where owner_uid not in ${inEditors} order by random() limit ${knobs.purchaseProducts}`)
    ).rows,
    edit: (
      await exec(`select id, owner_uid, name, brand_name, category, main_quantity, min_selling_quantity, price,
        rating, description from products where owner_uid in ${inEditors} order by random() limit 2000`)
    ).rows,
  }));
  const tokens = createTokenService({ secret: jwtSecret, ttlSeconds: 24 * 3600 });
  const sign = (uid) => tokens.issue(user(uid));
  const tokenMap = async (uids) =>
    Object.fromEntries(await Promise.all(uids.map(async (u) => [u, await sign(u)])));
  const readers = [
    knobs.bigUid,
    ...Array.from({ length: 50 }, (_, i) => `bench-supplier-${(i * 37) % knobs.suppliers}`),
  ];
  const importers = Array.from({ length: 10 }, (_, i) => `scale-importer-${i}`);
  return {
    ...data,
    ...(await crawlUrls(base, knobs.listingPages)),
    buyers: await Promise.all(Array.from({ length: 200 }, (_, i) => sign(`scale-buyer-${i}`))),
    owners: await tokenMap(editors),
    readers: Object.values(await tokenMap(readers)),
    importers: Object.values(await tokenMap(importers)),
    big: await sign(knobs.bigUid),
  };
}
