// Checks 5 and 6 of `npm run test:scale`: an instance killed, and Redis cut, under load.
import { checkInvariants } from '../faults/invariants.mjs';
import { httpRequest, makeBuyers, sleep } from '../faults/lib.mjs';
import { runLoad } from '../faults/load.mjs';
import { killHard, roundRobin, waitForRedisState } from './cluster.mjs';
import { createProducts, jwtAttempts, ownItems, purchase } from './fixtures.mjs';

/** 5. kill -9 of one instance under load: the others answer, nothing acknowledged is lost, retries replay. */
export async function killUnderLoad({ instances, databaseUrl, supplier }) {
  const products = await createProducts(instances[0].port, supplier, 10, { stock: 100_000, min: 1 });
  const buyers = await makeBuyers(24);
  const victim = instances[2];
  const load = runLoad({
    port: roundRobin(instances),
    buyers,
    products,
    durationMs: 5_000,
    settleMs: 10_000,
    removeRatio: 0.2,
  });
  await sleep(1_500);
  const killedAt = Date.now();
  await killHard(victim);
  const ledger = await load.done;
  const failures = [];
  const after = ledger.latencies.filter((l) => l.at > killedAt + 1_000);
  const bad = after.filter((l) => typeof l.outcome !== 'number' || l.outcome >= 500);
  if (bad.length > 0)
    failures.push(
      `${bad.length} of ${after.length} requests failed on the surviving instances after the kill`,
    );
  const state = await ownItems(databaseUrl, products);
  const check = checkInvariants(ledger, products, state);
  failures.push(...check.failures);
  // Every acknowledged purchase, asked again with its key on a survivor, answers the original cart item.
  const next = roundRobin(instances);
  const removed = new Set(ledger.removals.filter((r) => r.outcome === 'removed').map((r) => r.cartItemId));
  const acked = ledger.purchases.filter((p) => p.outcome === 'acknowledged' && !removed.has(p.cartItemId));
  let replayed = 0;
  for (const p of acked) {
    const buyer = buyers.find((b) => b.uid === p.buyer);
    const res = await purchase(next(), buyer, { id: p.productId, quantity: p.quantity }, p.key);
    if (res.status === 200 && res.json.cartItemId === p.cartItemId) replayed++;
    else
      failures.push(
        `replay of ${p.key} answered ${res.status ?? res.error} ${res.json?.cartItemId ?? ''}, not ${p.cartItemId}`,
      );
  }
  const retried = ledger.purchases.filter((p) => p.tries > 1).length;
  return {
    figure: `${ledger.attempts} requests, ${acked.length} purchases kept, ${retried} retried after the kill, ${replayed}/${acked.length} replays answer the original, ${bad.length} failures on survivors`,
    failures: failures.slice(0, 20),
  };
}

/** 6. Redis cut and back during load: no 5xx, per-instance limits meanwhile, one shared limit after. */
export async function redisOutage({ instances, supplier, redisProxy }) {
  const products = await createProducts(instances[0].port, supplier, 4, { stock: 100_000, min: 1 });
  const buyers = await makeBuyers(8);
  const next = roundRobin(instances);
  let stop = false;
  const outcomes = new Map();
  const count = (s) => outcomes.set(s, (outcomes.get(s) ?? 0) + 1);
  const readers = Array.from({ length: 6 }, async (_, i) => {
    for (let n = 0; n < 5_000 && !stop; n++) {
      const p = products[(i + n) % products.length];
      count(
        (await httpRequest({ port: next(), method: 'GET', path: `/api/products/${p.id}` })).status ?? 'error',
      );
    }
  });
  const buying = runLoad({
    port: next,
    buyers,
    products,
    durationMs: 4_000,
    settleMs: 5_000,
    removeRatio: 0,
  });
  const limited = (async () => {
    for (let n = 0; n < 200 && !stop; n++) {
      count((await jwtAttempts(instances, '203.0.113.6', 1, next)).errors > 0 ? 'error' : 'jwt');
      await sleep(20);
    }
  })();
  await sleep(1_000);
  redisProxy.cut('reset');
  await sleep(1_500);
  redisProxy.restore();
  const ledger = await buying.done;
  stop = true;
  await Promise.all([...readers, limited]);
  for (const [k, v] of ledger.byOutcome) outcomes.set(k, (outcomes.get(k) ?? 0) + v);
  const failures = [];
  const bad = [...outcomes].filter(([k]) => k !== 'jwt' && (!/^\d+$/.test(String(k)) || Number(k) >= 500));
  if (bad.length > 0) failures.push(`during the outage: ${bad.map(([k, v]) => `${k}:${v}`).join(' ')}`);
  await waitForRedisState(instances, 'ok');
  const { through, errors } = await jwtAttempts(instances, '203.0.113.7', 90);
  if (through > 30)
    failures.push(`after Redis came back, ${through} of 90 attempts were let through (limit 30)`);
  if (errors > 0) failures.push(`after Redis came back, ${errors} attempts failed`);
  const total = [...outcomes.values()].reduce((a, b) => a + b, 0);
  return {
    figure: `${total} requests across a 1.5 s cut, ${bad.length ? 'some' : 'no'} 5xx; after: ${through}/90 let through`,
    failures,
  };
}
