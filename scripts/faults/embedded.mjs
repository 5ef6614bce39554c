// Scenarios of the embedded PostgreSQL server under `npm start` (scripts/lib/embedded-postgres.mjs).
// 1. The server itself is killed with SIGKILL under load: the launcher says so in one line, exits
//    non-zero and leaves nothing running; the next start recovers and serves every acknowledged purchase.
// 2. A server left running by a killed run (its launcher, supervisor and API gone) does not block the
//    next start: it is stopped, and what it had committed is there.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { descendants, isAlive } from '../lib/processes.mjs';
import {
  checkedLoad,
  leftovers,
  newPurchaseAccepted,
  processTree,
  stackUnderLoad,
  startedStack,
  stopStack,
} from './launcher-lib.mjs';
import { sleep } from './lib.mjs';
import { summarise } from './load.mjs';

const postmasterOf = (place) =>
  Number(readFileSync(path.join(place.dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);

export async function postgresKilled() {
  const failures = [];
  const loaded = await stackUnderLoad('postgres-killed', { products: 4, durationMs: 8_000, warmMs: 3_000 });
  const { place, stack, products, load } = loaded;
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
  const { ledger, checks, broken } = await checkedLoad(loaded, failures);
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
  const failures = [];
  const loaded = await stackUnderLoad('postgres-stale', { products: 2, durationMs: 3_000, warmMs: 2_000 });
  const { place, stack } = loaded;
  // Everything but the server dies at once, as when a supervisor kills only what it knows.
  const postmaster = postmasterOf(place);
  const tree = processTree(stack);
  // The server's own processes are its descendants. Telling them by their title ("postgres: …") missed a
  // worker forked a moment before (it still shows the postmaster's command line): killing that one made
  // the server stop as after any crashed backend.
  const server = new Set([postmaster, ...descendants(postmaster)]);
  const others = tree.pids.filter((pid) => !server.has(pid));
  // Stopped first, then killed: killed one by one, the supervisor could see the launcher's channel close
  // before its own SIGKILL came, and stop the server as it does when its launcher dies (seen once in CI).
  for (const signal of /** @type {const} */ (['SIGSTOP', 'SIGKILL'])) {
    for (const pid of others) {
      try {
        process.kill(pid, signal);
      } catch {
        // already gone
      }
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
  const { ledger, checks, broken } = await checkedLoad(loaded, failures);
  await stopStack(again);
  return {
    failures,
    figures: [
      `the next npm start was ready in ${restartMs} ms: "${said ?? '—'}"`,
      `${summarise(ledger).acked} purchases acknowledged before the kill; ${checks} invariant checks after the restart: ${broken.length} failed`,
    ],
  };
}
