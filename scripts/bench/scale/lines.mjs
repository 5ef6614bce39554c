// The scale bench's single-purpose lines: cold product reads, deep pages, the big supplier's desk, its
// orders CSV export with the API's memory while it streams, RSS samples and the oversell check.
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { measure, withClient } from '../api-process.mjs';
import { prng } from '../catalog.mjs';
import { randomCursor } from '../search.mjs';
import { SETUP_TIMEOUT_MS } from './fixtures.mjs';

const { NEXT_CURSOR_HEADER } = await import('@bulkwise/contracts');

/** The resident memory of process `pid` in bytes (VmRSS of /proc/<pid>/status). */
export function rssOf(pid) {
  const kb = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb) * 1024;
}

const percentile = (list, p) =>
  [...list].sort((a, b) => a - b)[Math.min(list.length - 1, Math.floor(p * list.length))];

/** The first read of each of `ids`, one at a time: p50/p99 of the answers' times. */
export async function coldReads(base, ids) {
  const times = [];
  let failed = 0;
  for (const id of ids) {
    const t0 = performance.now();
    const res = await fetch(`${base}/api/products/${id}`, { signal: AbortSignal.timeout(SETUP_TIMEOUT_MS) });
    await res.arrayBuffer();
    times.push(performance.now() - t0);
    if (!res.ok) failed++;
  }
  return { count: times.length, p50: percentile(times, 0.5), p99: percentile(times, 0.99), failed };
}

/**
 * A listing page deep in the catalog (the price-sorted listing followed through `depth` cursors; each request
 * one of the deepest half of them) and a search page read with a cursor (search.mjs's random relevance
 * cursor after the common word: a key no other request has, so the page is read from the database).
 */
export async function deepPages({ base, word, depth, load }) {
  const cursors = [];
  let path = '/api/products?sort=price_asc&limit=24';
  for (let page = 1; page < depth && path; page++) {
    const res = await fetch(`${base}${path}`, { signal: AbortSignal.timeout(SETUP_TIMEOUT_MS) });
    await res.arrayBuffer();
    const cursor = res.headers.get(NEXT_CURSOR_HEADER);
    path = cursor ? `/api/products?sort=price_asc&limit=24&cursor=${encodeURIComponent(cursor)}` : '';
    if (cursor) cursors.push(path);
  }
  const deepest = cursors.slice(Math.floor(cursors.length / 2));
  const random = prng(29);
  const listing = await measure({
    ...load,
    title: `listing page ${Math.ceil(depth / 2)}-${depth} (price order, cursor)`,
    base,
    request: {
      method: 'GET',
      setupRequest: (req) => ({ ...req, path: deepest[Math.floor(random() * deepest.length)] }),
    },
  });
  const search = await measure({
    ...load,
    title: `search page with a cursor (q=${word})`,
    base,
    request: {
      method: 'GET',
      setupRequest: (req) => ({
        ...req,
        path: `/api/products?q=${encodeURIComponent(word)}&limit=24&cursor=${randomCursor(random)}`,
      }),
    },
  });
  return { listing, search, pages: cursors.length + 1 };
}

/** The big supplier's desk: the first page (all statuses) and the Placed tab. */
export async function desk({ base, token, load }) {
  const headers = { authorization: `Bearer ${token}` };
  const line = (title, path) => measure({ ...load, title, base, request: { method: 'GET', path, headers } });
  return {
    first: await line('orders desk first page', '/api/orders?limit=20'),
    placed: await line('orders desk Placed tab', '/api/orders?status=placed&limit=20'),
  };
}

/** GET /api/orders/export.csv as the big supplier: rows/s and the API's RSS (every 100 ms) while it streams. */
export async function exportCsv({ base, token, pid }) {
  const before = rssOf(pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 100);
  const t0 = performance.now();
  let lines = 0;
  try {
    const res = await fetch(`${base}/api/orders/export.csv`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (!res.ok || !res.body) throw new Error(`export: ${res.status} ${await res.text()}`);
    // indexOf, not a loop over bytes: the reader must not be what slows the stream (backpressure).
    for await (const chunk of res.body)
      for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines++;
  } finally {
    clearInterval(sampler);
  }
  const seconds = (performance.now() - t0) / 1000;
  const rows = Math.max(0, lines - 1); // less the header line
  return { rows, seconds, rowsPerSecond: rows / seconds, before, growth: peak - before };
}

/** The purchase set's stock before a load (see oversold). */
export async function stockOf(databaseUrl, ids) {
  return withClient(pg, databaseUrl, async (exec) => {
    const { rows } = await exec(
      `select id, main_quantity from products where id in (${ids.map((id) => `'${id}'`).join(',')})`,
    );
    return new Map(rows.map((r) => [r.id, r.main_quantity]));
  });
}

/** For the purchase set: stock now + what the bench's buyers bought = stock before, and nothing below 0. */
export async function oversold(databaseUrl, initial) {
  return withClient(pg, databaseUrl, async (exec) => {
    const ids = [...initial.keys()].map((id) => `'${id}'`).join(',');
    const { rows } = await exec(`select p.id, p.main_quantity, coalesce(sum(c.quantity), 0)::int as sold
      from products p left join cart_items c on c.product_id = p.id and c.buyer_uid like 'scale-buyer-%'
      where p.id in (${ids}) group by p.id`);
    const mismatched = rows.filter((r) => r.main_quantity + r.sold !== initial.get(r.id)).length;
    const negative = rows.filter((r) => r.main_quantity < 0).length;
    const bought = rows.reduce((n, r) => n + (r.sold > 0 ? 1 : 0), 0);
    return { products: rows.length, mismatched, negative, bought, ok: mismatched === 0 && negative === 0 };
  });
}
