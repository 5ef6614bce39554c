// Scenario 1: the API is killed with SIGKILL in the middle of concurrent purchases and cart removals on
// PostgreSQL, restarted, and the load finishes. Nothing acknowledged may be lost, nothing bought twice.
import http from 'node:http';
import { checkInvariants, readPostgresState } from './invariants.mjs';
import { freePort, freshDatabase, killHard, log, makeBuyers, sleep, startApi } from './lib.mjs';
import { pickProducts, runLoad, summarise } from './load.mjs';

export async function crashUnderLoad() {
  const url = await freshDatabase();
  const port = await freePort();
  let api = await startApi({ port, env: { DATABASE_URL: url } });
  log(`API up on PostgreSQL in ${api.startMs} ms`);
  const products = await pickProducts(port, 8);
  const buyers = await makeBuyers(12);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

  const load = runLoad({ port: () => port, buyers, products, durationMs: 20_000, agent });
  await sleep(8_000);
  const before = summarise(load.ledger);
  const killedAt = Date.now();
  await killHard(api);
  log(`SIGKILL after ${before.attempts} requests (${before.acked} purchases acknowledged so far)`);
  api = await startApi({ port, env: { DATABASE_URL: url } });
  const downMs = Date.now() - killedAt;
  log(`restarted in ${downMs} ms; load goes on`);
  const ledger = await load.done;
  agent.destroy();

  const state = await readPostgresState(url, products);
  const { checks, failures } = checkInvariants(ledger, products, state);
  const s = summarise(ledger);
  const networkErrors = [...ledger.byOutcome]
    .filter(([k]) => !/^\d+$/.test(k))
    .reduce((n, [, v]) => n + v, 0);
  if (networkErrors === 0) failures.push('the kill interrupted no request: the scenario proved nothing');
  if (api.child.exitCode !== null) failures.push('the restarted API is not running');
  return {
    failures,
    figures: [
      `${s.attempts} requests (${s.outcomes}); ${networkErrors} cut by the kill or refused while down (${downMs} ms)`,
      `${s.purchases} purchases: ${s.acked} acknowledged, ${s.retried} operations retried with the same key; ${s.removed} cart removals`,
      `${checks} invariant checks on ${products.length} products and ${state.items.length} cart items: ${failures.length} failed`,
    ],
  };
}
