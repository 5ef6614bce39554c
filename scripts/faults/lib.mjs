// Shared pieces of the fault scenarios: a fresh database per scenario, the API as a child process we can
// SIGKILL or SIGTERM, API tokens, an HTTP client that reports resets instead of throwing, a TCP proxy we
// can cut, the purchase/cart load with its retry discipline, and the invariant checks.
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { createThrowawayDatabase, throwawayDir } from '../lib/databases.mjs';
import { freePort } from '../lib/ports.mjs';
import { UNLIMITED_RATES } from '../lib/unlimited-rates.mjs';
import { tokenService } from '../lib/tokens.mjs';
import { ROOT, waitForUrl } from '../stack.mjs';

export const ADMIN_URL = process.env.FAULTS_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
export const log = (msg) => console.log(`  · ${msg}`);

// ---------------------------------------------------------------------------------------------------
// Everything a scenario starts is registered here, so that a failure or Ctrl-C still cleans it up.

const cleanups = [];
export function onCleanup(fn) {
  cleanups.push(fn);
}
export async function cleanupAll() {
  while (cleanups.length > 0) {
    const fn = cleanups.pop();
    try {
      await fn();
    } catch (err) {
      console.error(`  cleanup failed: ${err instanceof Error ? err.message : err}`);
    }
  }
}

export function tempDir(label) {
  const { dir, remove } = throwawayDir(`faults-${label}`);
  onCleanup(remove);
  return dir;
}

/** A fresh database on the PostgreSQL server, dropped at cleanup; returns its URL. */
export async function freshDatabase() {
  const database = await createThrowawayDatabase(ADMIN_URL, 'faults').catch((err) => {
    throw new Error(`PostgreSQL at ${ADMIN_URL} is not reachable (${err.message}); set FAULTS_DATABASE_URL`);
  });
  onCleanup(database.drop);
  return database.url;
}

export { freePort };

// ---------------------------------------------------------------------------------------------------
// The API process

export const JWT_SECRET = randomBytes(36).toString('base64url'); // 48 characters

function apiEnv(overrides) {
  const env = { ...process.env };
  // Inherited settings of a developer's shell must not change what is tested.
  for (const key of [
    'DATABASE_URL',
    'FIREBASE_AUTH_EMULATOR_HOST',
    'DATA_DIR',
    'LOG_LEVEL',
    'PORT',
    'HOST',
    'WEB_DIST_DIR',
    'SMTP_URL',
    'MAIL_FROM',
    'MAIL_ENABLED',
  ])
    delete env[key];
  return {
    ...env,
    NODE_ENV: 'production',
    JWT_SECRET,
    // Production refuses RATE_LIMIT_DISABLED: limits far above what one run sends.
    ...UNLIMITED_RATES,
    SEED_DEMO_DATA: 'true',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    WEB_DIST_DIR: '',
    // Production refuses to start without SMTP; the scenarios about mail set SMTP_URL themselves.
    MAIL_ENABLED: 'false',
    ...overrides,
  };
}

/**
 * Spawns the API as one Node process (tsx as an import hook, no wrapper process), so a signal reaches
 * exactly the server: SIGKILL is a real crash and SIGTERM is received once.
 */
export function spawnApi({ port, env = {}, keepLog = false }) {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'apps/api/src/server.ts')], {
    cwd: ROOT,
    env: apiEnv({ PORT: String(port), ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines = [];
  const recent = [];
  const collect = (chunk) => {
    for (const line of chunk.toString().split('\n')) {
      if (!line) continue;
      if (keepLog) lines.push(line);
      recent.push(line);
      if (recent.length > 100) recent.shift();
    }
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  child.recentOutput = () => recent.join('\n');
  const exited = new Promise((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal, at: Date.now() })),
  );
  onCleanup(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await exited;
    }
  });
  return { child, port, lines, exited, output: () => recent.join('\n') };
}

export async function startApi(options) {
  const api = spawnApi(options);
  const started = Date.now();
  // Seconds when idle; over 90 s was seen for a fresh embedded database at load average 28 on 2 cores.
  await waitForUrl(`http://127.0.0.1:${options.port}/api/health`, { child: api.child, timeoutMs: 240_000 });
  api.startMs = Date.now() - started;
  return api;
}

export async function killHard(api) {
  api.child.kill('SIGKILL');
  await api.exited;
}

// ---------------------------------------------------------------------------------------------------
// Identities and HTTP

let tokens;
/** An API token for `user`, from the API's own token service. */
export async function tokenFor(user) {
  tokens ??= tokenService(JWT_SECRET);
  return (await tokens).issue(user);
}

export async function makeBuyers(n) {
  const buyers = [];
  for (let i = 0; i < n; i++) {
    const id = randomBytes(4).toString('hex');
    const user = { uid: `fault-buyer-${id}`, email: `fault-buyer-${id}@example.com`, name: `Buyer ${id}` };
    buyers.push({ ...user, token: await tokenFor(user) });
  }
  return buyers;
}

/**
 * One HTTP exchange. Never throws: a network failure (reset, refused, client timeout, a body cut short)
 * is an outcome like a status, reported as `error`.
 */
/**
 * @typedef {{ status?: number, json?: any, text?: string, headers?: import('node:http').IncomingHttpHeaders,
 *   error?: string, ms: number, startedAt: number }} HttpOutcome
 * @param {{ port: number, method: string, path: string, headers?: Record<string, string>, body?: unknown,
 *   agent?: import('node:http').Agent, timeoutMs?: number }} request
 * @returns {Promise<HttpOutcome>}
 */
export function httpRequest({ port, method, path: urlPath, headers = {}, body, agent, timeoutMs = 15_000 }) {
  return new Promise((resolve) => {
    const started = performance.now();
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    let settled = false;
    const settle = (outcome) => {
      if (settled) return;
      settled = true;
      resolve({ ...outcome, ms: performance.now() - started, startedAt: started });
    };
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: urlPath,
        agent,
        headers: {
          ...headers,
          ...(payload ? { 'content-type': 'application/json', 'content-length': payload.length } : {}),
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('error', (/** @type {NodeJS.ErrnoException} */ err) =>
          settle({ error: err.code ?? err.message }),
        );
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          let json;
          try {
            json = JSON.parse(text);
          } catch {
            json = undefined;
          }
          settle({ status: res.statusCode, json, text, headers: res.headers });
        });
      },
    );
    req.setTimeout(timeoutMs, () =>
      req.destroy(Object.assign(new Error('client timeout'), { code: 'CLIENT_TIMEOUT' })),
    );
    req.on('error', (/** @type {NodeJS.ErrnoException} */ err) => settle({ error: err.code ?? err.message }));
    req.end(payload);
  });
}

// ---------------------------------------------------------------------------------------------------
// A TCP proxy between the API and PostgreSQL that we can cut

/**
 * `cut('reset')`: every connection is reset and new ones are reset on accept (PostgreSQL down or
 * restarting). `cut('blackhole')`: nothing is forwarded any more and new connections are accepted but
 * never answered (a network partition). `restore()` drops whatever was held and forwards again.
 */
export async function startProxy(target) {
  const conns = new Set();
  let mode = 'open';
  const server = net.createServer((client) => {
    client.on('error', () => {});
    if (mode === 'reset') {
      client.resetAndDestroy();
      return;
    }
    /** @type {{ client: net.Socket, upstream?: net.Socket, held: boolean }} */
    const conn = { client, upstream: undefined, held: mode === 'blackhole' };
    conns.add(conn);
    const drop = () => {
      conns.delete(conn);
      client.destroy();
      conn.upstream?.destroy();
    };
    if (conn.held) {
      client.pause();
      client.on('close', () => conns.delete(conn));
      return;
    }
    const upstream = net.connect(target.port, target.host);
    conn.upstream = upstream;
    upstream.on('error', () => {});
    client.pipe(upstream);
    upstream.pipe(client);
    // In a partition neither side hears of the other closing; otherwise a close travels through.
    client.on('close', () => !conn.held && drop());
    upstream.on('close', () => !conn.held && drop());
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const proxy = {
    port: /** @type {import('node:net').AddressInfo} */ (server.address()).port,
    cut(kind) {
      mode = kind;
      for (const conn of [...conns]) {
        if (kind === 'reset') {
          conns.delete(conn);
          conn.client.resetAndDestroy();
          conn.upstream?.destroy();
        } else {
          conn.held = true;
          conn.client.unpipe(conn.upstream);
          conn.upstream?.unpipe(conn.client);
          conn.client.pause();
          conn.upstream?.pause();
        }
      }
    },
    restore() {
      mode = 'open';
      for (const conn of [...conns]) {
        if (!conn.held) continue;
        conns.delete(conn);
        conn.client.resetAndDestroy();
        conn.upstream?.destroy();
      }
    },
    async close() {
      proxy.restore();
      for (const conn of conns) {
        conn.client.destroy();
        conn.upstream?.destroy();
      }
      await new Promise((resolve) => server.close(resolve));
    },
  };
  onCleanup(() => proxy.close());
  return proxy;
}

// ---------------------------------------------------------------------------------------------------
// The load: buyers purchasing with Idempotency-Keys and removing their own cart items

export const PURCHASE_BODY = { address: '14 Harbour Road, Bristol', phone: '+44 117 496 0123' };

/** Products to buy, most contended first: the ones with the most stock and a small minimum order. */
export async function pickProducts(port, count) {
  const res = await httpRequest({ port, method: 'GET', path: '/api/products?limit=500' });
  if (res.status !== 200) throw new Error(`GET /api/products answered ${res.status ?? res.error}`);
  return res.json
    .filter((p) => p.minSellingQuantity <= 20 && p.mainQuantity >= 200)
    .sort((a, b) => b.mainQuantity - a.mainQuantity)
    .slice(0, count)
    .map((p) => ({ id: p._id, initialStock: p.mainQuantity, quantity: p.minSellingQuantity }));
}

const RETRYABLE_STATUS = new Set([502, 503, 504]);

/**
 * What the clients saw, to hold against the database afterwards.
 * @typedef {{ purchases: any[], removals: any[], anomalies: string[] }} PurchaseLedger
 * @typedef {PurchaseLedger & { attempts: number, byOutcome: Map<string, number>,
 *   latencies: Array<{ ms: number, at: number, outcome: string | number | undefined, code?: string }> }} Ledger
 */

/**
 * Runs `workers` buyers until `durationMs` has passed (and at most `maxOps` operations each). A purchase
 * or removal whose outcome is unknown (a network error, a 503) is retried, the purchase with the SAME
 * Idempotency-Key, until it gets a definite answer or `settleMs` after the end. `port()` is asked before
 * every attempt, so a scenario may move the API.
 */
/**
 * @param {{ port: () => number, buyers: Array<{ token: string }>, products: Array<{ id: string, quantity?: number }>,
 *   durationMs: number, settleMs?: number, maxOps?: number, removeRatio?: number,
 *   agent?: import('node:http').Agent, tag?: (...args: any[]) => string, onAttempt?: (attempt: any) => void }} options
 */
export function runLoad({
  port,
  buyers,
  products,
  durationMs,
  settleMs = 25_000,
  maxOps = 100_000,
  removeRatio = 0.3,
  agent,
  tag = () => '',
  onAttempt = () => {},
}) {
  /** @type {Ledger} */
  const ledger = {
    attempts: 0,
    byOutcome: new Map(),
    purchases: [],
    removals: [],
    anomalies: [],
    latencies: [],
  };
  const started = Date.now();
  const stopAt = started + durationMs;
  const giveUpAt = stopAt + settleMs;
  const count = (outcome) => ledger.byOutcome.set(outcome, (ledger.byOutcome.get(outcome) ?? 0) + 1);

  async function attempt(method, urlPath, headers, body) {
    const id = ++ledger.attempts;
    const sep = urlPath.includes('?') ? '&' : '?';
    const res = await httpRequest({
      port: port(),
      method,
      path: `${urlPath}${sep}c=${id}${tag()}`,
      headers,
      body,
      agent,
    });
    count(res.error ?? String(res.status));
    ledger.latencies.push({
      ms: res.ms,
      at: Date.now(),
      outcome: res.error ?? res.status,
      code: res.json?.code,
    });
    onAttempt({ id, method, urlPath, res });
    return res;
  }

  async function settle(work) {
    for (let tries = 1; ; tries++) {
      const res = await work(tries);
      if (!res.error && !RETRYABLE_STATUS.has(res.status)) return { res, tries };
      if (Date.now() > giveUpAt) return { res, tries, unresolved: true };
      await sleep(100 + Math.random() * 200);
    }
  }

  async function buyer(user, index) {
    const auth = { authorization: `Bearer ${user.token}` };
    const mine = [];
    for (let op = 0; op < maxOps && Date.now() < stopAt; op++) {
      const removable = mine.filter((p) => !p.removed);
      if (removable.length > 0 && Math.random() < removeRatio) {
        const item = removable[Math.floor(Math.random() * removable.length)];
        const removal = { cartItemId: item.cartItemId, buyer: user.uid };
        ledger.removals.push(removal);
        const { res, tries, unresolved } = await settle(() =>
          attempt('DELETE', `/api/cart/${item.cartItemId}`, auth),
        );
        removal.tries = tries;
        if (unresolved) removal.outcome = 'unresolved';
        else if (res.status === 200) removal.outcome = 'removed';
        else if (res.status === 404 && tries > 1)
          removal.outcome = 'removed'; // an earlier attempt did it
        else {
          removal.outcome = `unexpected ${res.status}`;
          ledger.anomalies.push(
            `DELETE ${item.cartItemId} answered ${res.status} ${res.text?.slice(0, 200)}`,
          );
        }
        if (removal.outcome === 'removed') item.removed = true;
        continue;
      }
      const product = products[(index + op) % products.length];
      const idempotencyKey = randomUUID();
      const purchase = {
        key: idempotencyKey,
        productId: product.id,
        quantity: product.quantity,
        buyer: user.uid,
        cartItemIds: new Set(),
      };
      ledger.purchases.push(purchase);
      const { res, tries, unresolved } = await settle(() =>
        attempt(
          'POST',
          `/api/products/purchase/${product.id}`,
          { ...auth, 'idempotency-key': idempotencyKey },
          { quantity: product.quantity, ...PURCHASE_BODY },
        ),
      );
      purchase.tries = tries;
      if (unresolved) purchase.outcome = 'unresolved';
      else if (res.status === 200) {
        purchase.outcome = 'acknowledged';
        purchase.cartItemId = res.json.cartItemId;
        mine.push(purchase);
      } else if (res.status === 409 || res.status === 400) purchase.outcome = 'refused';
      else {
        purchase.outcome = `unexpected ${res.status}`;
        ledger.anomalies.push(`purchase answered ${res.status} ${res.text?.slice(0, 200)}`);
      }
    }
  }

  const done = Promise.all(buyers.map((user, i) => buyer(user, i)));
  return { ledger, done: done.then(() => ledger), started };
}

export function summarise(ledger) {
  const outcomes = [...ledger.byOutcome]
    .sort()
    .map(([k, v]) => `${k}:${v}`)
    .join(' ');
  const acked = ledger.purchases.filter((p) => p.outcome === 'acknowledged').length;
  const removed = ledger.removals.filter((r) => r.outcome === 'removed').length;
  const retried =
    ledger.purchases.filter((p) => p.tries > 1).length + ledger.removals.filter((r) => r.tries > 1).length;
  return { outcomes, acked, removed, retried, attempts: ledger.attempts, purchases: ledger.purchases.length };
}

// ---------------------------------------------------------------------------------------------------
// Invariants

/**
 * The books must balance after any fault: per product, stock + the quantities in carts = the initial
 * stock; every acknowledged purchase not since removed is in the cart under the id the client was given;
 * every removed item is gone; an Idempotency-Key bought at most once; no refused purchase was stored.
 * `state` is what the database holds: { stock: Map(productId -> stock), items: [{ id, productId, quantity, key }] }
 * (key undefined when read through the API, which does not show it).
 */
export function checkInvariants(ledger, products, state) {
  const failures = [];
  let checks = 0;
  const check = (ok, message) => {
    checks++;
    if (!ok) failures.push(message);
  };
  const byId = new Map(state.items.map((i) => [i.id, i]));
  for (const product of products) {
    const inCarts = state.items
      .filter((i) => i.productId === product.id)
      .reduce((sum, i) => sum + i.quantity, 0);
    const stock = state.stock.get(product.id);
    check(stock >= 0, `product ${product.id}: negative stock ${stock}`);
    check(
      stock + inCarts === product.initialStock,
      `product ${product.id}: stock ${stock} + carts ${inCarts} != initial ${product.initialStock}`,
    );
  }
  const removed = new Set(ledger.removals.filter((r) => r.outcome === 'removed').map((r) => r.cartItemId));
  for (const p of ledger.purchases) {
    if (p.outcome === 'acknowledged') {
      const item = byId.get(p.cartItemId);
      if (removed.has(p.cartItemId)) check(!item, `removed cart item ${p.cartItemId} is still there`);
      else {
        check(
          item &&
            (item.key === undefined || item.key === p.key) &&
            item.quantity === p.quantity &&
            item.productId === p.productId,
          `acknowledged purchase ${p.key} (cart item ${p.cartItemId}) is missing`,
        );
      }
    }
    if (p.outcome === 'refused')
      check(!state.items.some((i) => i.key === p.key), `refused purchase ${p.key} was stored`);
  }
  // Every stored item is one acknowledged purchase: a second item for one key would be a duplicate.
  const expected = new Set(
    ledger.purchases
      .filter((p) => p.outcome === 'acknowledged' && !removed.has(p.cartItemId))
      .map((p) => p.cartItemId),
  );
  for (const item of state.items)
    check(expected.has(item.id), `cart item ${item.id} was never acknowledged to its buyer`);
  const keys = new Map();
  for (const item of state.items) if (item.key) keys.set(item.key, (keys.get(item.key) ?? 0) + 1);
  for (const [k, n] of keys) check(n === 1, `Idempotency-Key ${k} bought ${n} times`);
  const sent = new Set(ledger.purchases.map((p) => p.key));
  for (const item of state.items)
    check(!item.key || sent.has(item.key), `cart item ${item.id} has a key no client sent`);
  for (const p of ledger.purchases)
    check(p.outcome !== 'unresolved', `purchase ${p.key} never got a definite answer`);
  for (const r of ledger.removals)
    check(r.outcome !== 'unresolved', `removal of ${r.cartItemId} never got a definite answer`);
  for (const a of ledger.anomalies) check(false, a);
  return { checks, failures };
}

/** What PostgreSQL holds, read directly. */
export async function readPostgresState(url, products) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const ids = products.map((p) => p.id);
    const stock = await client.query('select id, main_quantity from products where id = any($1::uuid[])', [
      ids,
    ]);
    // A removed cart item is a cancelled order now: it stays, but it is no longer in the cart.
    const items = await client.query(
      "select id, product_id, quantity, idempotency_key from cart_items where status <> 'cancelled'",
    );
    return {
      stock: new Map(stock.rows.map((r) => [r.id, r.main_quantity])),
      items: items.rows.map((r) => ({
        id: r.id,
        productId: r.product_id,
        quantity: r.quantity,
        key: r.idempotency_key,
      })),
    };
  } finally {
    await client.end();
  }
}

/** What the API says (the embedded database cannot be read from outside while the API holds it). */
export async function readApiState(port, buyers, products) {
  const stock = new Map();
  for (const product of products) {
    const res = await httpRequest({ port, method: 'GET', path: `/api/products/${product.id}` });
    if (res.status !== 200) throw new Error(`GET product answered ${res.status ?? res.error}`);
    stock.set(product.id, res.json.mainQuantity);
  }
  // The cart answers no idempotency key; each buyer's keys are known from the ledger instead.
  const items = [];
  for (const buyer of buyers) {
    const res = await httpRequest({
      port,
      method: 'GET',
      path: `/api/cart?email=${encodeURIComponent(buyer.email)}`,
      headers: { authorization: `Bearer ${buyer.token}` },
    });
    if (res.status !== 200) throw new Error(`GET cart answered ${res.status ?? res.error}`);
    for (const item of res.json)
      items.push({ id: item._id, productId: item.product._id, quantity: item.quantity, buyer: buyer.uid });
  }
  return { stock, items };
}
