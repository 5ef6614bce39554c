// Scenario 4: the embedded database (PGlite under DATA_DIR). The API is killed with SIGKILL mid-load and
// restarted on the same directory (its lock names a dead pid and is taken over); every acknowledged purchase
// must be there. While it runs, a second API process on the same directory must refuse to start.
import {
  checkInvariants,
  freePort,
  killHard,
  log,
  makeBuyers,
  pickProducts,
  readApiState,
  runLoad,
  sleep,
  spawnApi,
  startApi,
  summarise,
  tempDir,
} from './lib.mjs';

export async function embeddedDurability() {
  const dataDir = tempDir('pglite');
  const port = await freePort();
  const env = { DATA_DIR: dataDir };
  let api = await startApi({ port, env });
  log(`API up on a new embedded database in ${api.startMs} ms`);
  const products = await pickProducts(port, 6);
  const buyers = await makeBuyers(6);
  const failures = [];

  const load = runLoad({ port: () => port, buyers, products, durationMs: 15_000, settleMs: 30_000 });
  await sleep(4_000);
  const before = summarise(load.ledger);
  const killedAt = Date.now();
  await killHard(api);
  log(`SIGKILL after ${before.attempts} requests (${before.acked} purchases acknowledged so far)`);
  api = await startApi({ port, env });
  const reopenMs = Date.now() - killedAt;
  log(`reopened the same directory in ${reopenMs} ms (taking over the dead process's lock)`);
  const ledger = await load.done;

  const state = await readApiState(port, buyers, products);
  const { checks, failures: broken } = checkInvariants(ledger, products, state);
  failures.push(...broken);

  const secondPort = await freePort();
  const startedSecond = Date.now();
  const second = spawnApi({ port: secondPort, env });
  const exit = await Promise.race([second.exited, sleep(40_000).then(() => undefined)]);
  const refusedMs = Date.now() - startedSecond;
  if (!exit) failures.push('a second process on the same DATA_DIR was still running after 40 s');
  else if (exit.code === 0) failures.push('a second process on the same DATA_DIR exited 0');
  const message = /in use by another Bulkwise process[^\n]*/.exec(second.output())?.[0];
  if (!message) failures.push(`the second process did not say why it stopped:\n${second.output()}`);

  const again = await readApiState(port, buyers, products);
  const { checks: checksAfter, failures: brokenAfter } = checkInvariants(ledger, products, again);
  failures.push(...brokenAfter.map((f) => `after the second process: ${f}`));

  api.child.kill('SIGTERM');
  const stopped = await api.exited;
  if (stopped.code !== 0) failures.push(`the first process did not stop cleanly on SIGTERM (${stopped.code ?? stopped.signal})`);

  const s = summarise(ledger);
  return {
    failures,
    figures: [
      `${s.attempts} requests (${s.outcomes}); SIGKILL after ${before.acked} acknowledged purchases; reopened in ${reopenMs} ms`,
      `${s.purchases} purchases: ${s.acked} acknowledged, ${s.retried} retried with the same key; ${s.removed} cart removals`,
      `second process on the same DATA_DIR: exit ${exit?.code ?? '—'} after ${refusedMs} ms: "${message ?? '—'}"`,
      `${checks + checksAfter} invariant checks (before and after the second process): ${broken.length + brokenAfter.length} failed`,
    ],
  };
}
