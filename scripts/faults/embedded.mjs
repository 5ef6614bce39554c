// Scenarios of the embedded PostgreSQL server under `npm start` (scripts/lib/embedded-postgres.mjs).
// 1. The server itself is killed with SIGKILL under load: the launcher says so in one line, exits
//    non-zero and leaves nothing running; the next start recovers and serves every acknowledged purchase.
// 2. A server left running by a killed run (its launcher, supervisor and API gone) does not block the
//    next start: it is stopped, and what it had committed is there.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { commandLine, isAlive } from '../lib/processes.mjs';
import {
  leftovers,
  newPurchaseAccepted,
  processTree,
  stackPlace,
  startedStack,
  stopStack,
} from './launcher-lib.mjs';
import { checkInvariants, readApiState } from './invariants.mjs';
import { makeBuyers, sleep, tempDir } from './lib.mjs';
import { pickProducts, runLoad, summarise } from './load.mjs';

const postmasterOf = (place) =>
  Number(readFileSync(path.join(place.dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);

export async function postgresKilled() {
  const place = await stackPlace(tempDir('postgres-killed'));
  const failures = [];
  const stack = (await startedStack(place)).stack;
  const products = await pickProducts(place.port, 4);
  const buyers = await makeBuyers(4);
  const load = runLoad({ port: () => place.port, buyers, products, durationMs: 8_000, settleMs: 240_000 });
  await sleep(3_000);
  const before = summarise(load.ledger);
  const pids = processTree(stack).pids;
  const postmaster = postmasterOf(place);
  process.kill(postmaster, 'SIGKILL');
  const killedAt = Date.now();
  const exit = await Promise.race([stack.exited, sleep(30_000).then(() => undefined)]);
  const exitMs = Date.now() - killedAt;
  const said = stack.lines.find((l) => /PostgreSQL exited unexpectedly/.test(l));
  if (!exit) failures.push('npm start still ran 30 s after its PostgreSQL was killed');
  else if (exit.code === 0) failures.push('npm start exited 0 after its PostgreSQL was killed');
  if (!said) failures.push(`npm start did not say that PostgreSQL died:\n${stack.output().slice(-1500)}`);
  const left = await leftovers(pids, [place.port], 20_000);
  for (const p of left.alive) failures.push(`still running after npm start exited: ${p}`);

  const again = (await startedStack(place)).stack;
  const ledger = await load.done;
  const state = await readApiState(place.port, buyers, products);
  const { checks, failures: broken } = checkInvariants(ledger, products, state);
  failures.push(...broken);
  const refused = await newPurchaseAccepted(place.port, products[0]);
  if (refused) failures.push(refused);
  await stopStack(again);
  const s = summarise(ledger);
  return {
    failures,
    figures: [
      `kill -9 of PostgreSQL (pid ${postmaster}) after ${before.acked} acknowledged purchases: npm start exited ${exit?.code ?? '—'} after ${exitMs} ms: "${said ?? '—'}"`,
      `${s.attempts} requests (${s.outcomes}); ${s.acked} purchases acknowledged, ${s.retried} retried with the same key; ${checks} invariant checks after the restart: ${broken.length} failed; a new purchase: ${refused ? 'refused' : 'accepted'}`,
    ],
  };
}

export async function postgresStale() {
  const place = await stackPlace(tempDir('postgres-stale'));
  const failures = [];
  const stack = (await startedStack(place)).stack;
  const products = await pickProducts(place.port, 2);
  const buyers = await makeBuyers(2);
  const load = runLoad({ port: () => place.port, buyers, products, durationMs: 3_000, settleMs: 240_000 });
  await sleep(2_000);
  // Everything but the server dies at once, as when a supervisor kills only what it knows.
  const postmaster = postmasterOf(place);
  const tree = processTree(stack);
  const others = tree.pids.filter((pid) => pid !== postmaster && !/postgres: /.test(commandLine(pid)));
  for (const pid of others) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  await leftovers(others, [place.port], 20_000);
  if (!isAlive(postmaster)) failures.push('the setup failed: PostgreSQL died with the others');

  const t0 = Date.now();
  const again = (await startedStack(place)).stack;
  const restartMs = Date.now() - t0;
  const said = again.lines.find((l) => /Stopping a PostgreSQL server a killed run left/.test(l));
  if (!said)
    failures.push(
      `the next npm start did not say it stopped the server left behind:\n${again.output().slice(-1500)}`,
    );
  if (isAlive(postmaster)) failures.push(`the server left behind (pid ${postmaster}) still runs`);
  const ledger = await load.done;
  const state = await readApiState(place.port, buyers, products);
  const { checks, failures: broken } = checkInvariants(ledger, products, state);
  failures.push(...broken);
  await stopStack(again);
  return {
    failures,
    figures: [
      `the next npm start was ready in ${restartMs} ms: "${said ?? '—'}"`,
      `${summarise(ledger).acked} purchases acknowledged before the kill; ${checks} invariant checks after the restart: ${broken.length} failed`,
    ],
  };
}
