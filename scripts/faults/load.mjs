// The fault scenarios' load: buyers purchasing with Idempotency-Keys and removing their own cart items,
// retrying what got no definite answer, and a ledger of what the clients saw.
import { randomUUID } from 'node:crypto';
import { httpRequest, sleep } from './lib.mjs';

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
  const ops = {
    ledger,
    attempt: attempter({ ledger, port, agent, tag, onAttempt }),
    settle: (work) => settle(work, giveUpAt),
  };

  async function buyer(user, index) {
    const auth = { authorization: `Bearer ${user.token}` };
    const mine = [];
    for (let op = 0; op < maxOps && Date.now() < stopAt; op++) {
      const removable = mine.filter((p) => !p.removed);
      if (removable.length > 0 && Math.random() < removeRatio) {
        const item = removable[Math.floor(Math.random() * removable.length)];
        await removeItem(ops, user, auth, item);
        continue;
      }
      const purchase = await purchaseOnce(ops, user, auth, products[(index + op) % products.length]);
      if (purchase.outcome === 'acknowledged') mine.push(purchase);
    }
  }

  const done = Promise.all(buyers.map((user, i) => buyer(user, i)));
  return { ledger, done: done.then(() => ledger), started };
}

/** One request, counted and timed in the ledger; `port()` is asked each time. */
function attempter({ ledger, port, agent, tag, onAttempt }) {
  const count = (outcome) => ledger.byOutcome.set(outcome, (ledger.byOutcome.get(outcome) ?? 0) + 1);
  return async function attempt(method, urlPath, headers, body) {
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
  };
}

/** `work(tries)` again until a definite answer, or `giveUpAt` has passed (unresolved). */
async function settle(work, giveUpAt) {
  for (let tries = 1; ; tries++) {
    const res = await work(tries);
    if (!res.error && !RETRYABLE_STATUS.has(res.status)) return { res, tries };
    if (Date.now() > giveUpAt) return { res, tries, unresolved: true };
    await sleep(100 + Math.random() * 200);
  }
}

/** Removes one of the buyer's cart items (retried until definite), in the ledger. */
async function removeItem({ ledger, attempt, settle }, user, auth, item) {
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
    ledger.anomalies.push(`DELETE ${item.cartItemId} answered ${res.status} ${res.text?.slice(0, 200)}`);
  }
  if (removal.outcome === 'removed') item.removed = true;
}

/** One purchase, retried with the SAME Idempotency-Key until definite, in the ledger. */
async function purchaseOnce({ ledger, attempt, settle }, user, auth, product) {
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
  } else if (res.status === 409 || res.status === 400) purchase.outcome = 'refused';
  else {
    purchase.outcome = `unexpected ${res.status}`;
    ledger.anomalies.push(`purchase answered ${res.status} ${res.text?.slice(0, 200)}`);
  }
  return purchase;
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
