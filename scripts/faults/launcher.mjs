// Scenarios 5-9: `npm start` itself (launcher + Auth emulator + embedded PostgreSQL + API), stopped the
// ways terminals, OOM killers and supervisors stop it. Nothing it started may outlive it; the next start
// takes over the embedded database (every acknowledged purchase there) and only says ready when its own
// API answers; a second instance is refused in seconds while the first keeps serving; SIGTERM and
// Ctrl-C drain and exit 0.
import net from 'node:net';
import {
  checkedLoad,
  health,
  launch,
  leftovers,
  newPurchaseAccepted,
  processTree,
  stackPlace,
  stackUnderLoad,
  startedStack,
  stopStack,
  waitForLine,
} from './launcher-lib.mjs';
import { isAlive } from '../lib/processes.mjs';
import { sleep, tempDir } from './lib.mjs';
import { pickProducts, summarise } from './load.mjs';

const STOP_MS = 20_000;
const portsOf = (place) => [
  place.port,
  place.emulatorPort,
  place.emulatorPort + 1,
  place.emulatorPort + 2,
  place.mailSmtpPort,
  place.mailWebPort,
];

/** Load, then a SIGKILL of `target` mid-load; nothing may survive; a restart serves every acknowledged purchase. */
function killScenario(target) {
  return async () => {
    const failures = [];
    const loaded = await stackUnderLoad(`launcher-${target}`, {
      products: 4,
      durationMs: 6_000,
      warmMs: 3_000,
    });
    const { place, stack, tree, products, load } = loaded;
    const before = summarise(load.ledger);
    const pids = processTree(stack).pids;
    if (target === 'group') process.kill(-(/** @type {number} */ (stack.npm.pid)), 'SIGKILL');
    else process.kill(target === 'npm' ? /** @type {number} */ (stack.npm.pid) : tree.launcher, 'SIGKILL');
    const killedAt = Date.now();
    const left = await leftovers(pids, portsOf(place), STOP_MS);
    const goneMs = Date.now() - killedAt;
    for (const p of left.alive)
      failures.push(`still running ${STOP_MS / 1000} s after kill -9 of the ${target}: ${p}`);
    for (const p of left.busy)
      failures.push(`port ${p} still busy ${STOP_MS / 1000} s after kill -9 of the ${target}`);

    const again = await startedStack(place);
    const { ledger, checks, broken } = await checkedLoad(loaded, failures);
    const refused = await newPurchaseAccepted(place.port, products[0]);
    if (refused) failures.push(refused);
    const instance = (await health(place.port))?.instance;
    await stopStack(again.stack);
    const s = summarise(ledger);
    return {
      failures,
      figures: [
        `kill -9 of the ${target} after ${before.acked} acknowledged purchases: all ${pids.length} processes and ${portsOf(place).length} ports gone in ${goneMs} ms`,
        `restart on the same DATA_DIR took over the lock; health answers the new instance ${instance}`,
        `${s.attempts} requests (${s.outcomes}); ${s.acked} purchases acknowledged, ${s.retried} retried with the same key; ${checks} invariant checks: ${broken.length} failed; a new purchase: ${refused ? 'refused' : 'accepted'}`,
      ],
    };
  };
}

export const launcherGroupKill = killScenario('group');
export const launcherAloneKill = killScenario('launcher');
export const npmAloneKill = killScenario('npm');

/** A second `npm start` on the same data: refused in seconds (busy port, then the database lock), first untouched. */
export async function secondInstance() {
  const place = await stackPlace(tempDir('launcher-second'));
  const failures = [];
  const figures = [];
  const { stack, tree } = await startedStack(place);
  const before = await health(place.port);
  const products = await pickProducts(place.port, 1);

  const elsewhere = await stackPlace(place.dataDir);
  for (const [label, where, expected] of /** @type {Array<[string, any, RegExp]>} */ ([
    ['same ports', place, new RegExp(`Port ${place.port} \\(.*\\) is already in use by process ${tree.api}`)],
    [
      'other ports, same DATA_DIR',
      elsewhere,
      new RegExp(`in use by another Bulkwise process \\(pid ${tree.launcher}`),
    ],
  ])) {
    const t0 = Date.now();
    const second = launch(where);
    const exit = await Promise.race([second.exited, sleep(15_000).then(() => undefined)]);
    const ms = Date.now() - t0;
    const line = second.lines.find((l) => expected.test(l));
    if (!exit) failures.push(`${label}: the second npm start was still running after 15 s`);
    else if (exit.code === 0) failures.push(`${label}: the second npm start exited 0`);
    if (!line) failures.push(`${label}: no line ${expected}:\n${second.output().slice(-1500)}`);
    if (second.lines.some((l) => /Bulkwise is running|API ready/.test(l)))
      failures.push(`${label}: the second npm start said it was ready`);
    figures.push(`${label}: exit ${exit?.code ?? '—'} after ${ms} ms: "${line ?? '—'}"`);
  }

  const after = await health(place.port);
  if (after?.instance !== before?.instance)
    failures.push(`the first instance no longer answers (${before?.instance} → ${after?.instance})`);
  const refused = await newPurchaseAccepted(place.port, products[0]);
  if (refused) failures.push(`the first instance after the attempts: ${refused}`);
  if (stack.npm.exitCode !== null) failures.push('the first npm start exited');
  figures.push(`the first instance kept serving (same instance id, a purchase accepted)`);

  figures.push(await doubleCtrlC({ stack, tree, place, failures }));
  return { failures, figures };
}

/**
 * Two Ctrl-C in a row (a terminal sends SIGINT to the whole group): the second forces, at once. A request
 * whose body never finishes keeps the first one draining, as a slow client would.
 */
async function doubleCtrlC({ stack, tree, place, failures }) {
  const pids = processTree(stack).pids;
  const slowClient = net.connect(place.port, '127.0.0.1');
  slowClient.on('error', () => {});
  slowClient.write(
    'POST /api/jwt HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"idToken":',
  );
  await sleep(200);
  process.kill(-(/** @type {number} */ (stack.npm.pid)), 'SIGINT');
  await sleep(300);
  const t0 = Date.now();
  const launcherAlive = isAlive(tree.launcher);
  if (!launcherAlive) failures.push('the first Ctrl-C finished within 300 ms: the second proved nothing');
  else process.kill(-(/** @type {number} */ (stack.npm.pid)), 'SIGINT');
  const left = await leftovers(pids, portsOf(place), 5_000);
  for (const p of left.alive) failures.push(`a second Ctrl-C left ${p} running after 5 s`);
  if (launcherAlive && !stack.lines.some((l) => /Forcing/.test(l)))
    failures.push('a second Ctrl-C did not say it was forcing');
  slowClient.destroy();
  return `a second Ctrl-C: everything gone ${Date.now() - t0} ms later`;
}

/**
 * SIGTERM to the launcher under load (a supervisor), then SIGTERM to the whole process group (a container
 * runtime, a terminal closing), then Ctrl-C (SIGINT to the whole group, as a terminal sends it), each on
 * a restarted stack: each drains and exits 0 with nothing left behind; npm too, for the SIGTERMs.
 */
export async function launcherSigterm() {
  const failures = [];
  const figures = [];
  const loaded = await stackUnderLoad('launcher-sigterm', {
    products: 4,
    buyers: 6,
    durationMs: 5_000,
    warmMs: 2_500,
  });
  const { place } = loaded;
  let current = { stack: loaded.stack, tree: loaded.tree };
  let restarted = false;
  /** @type {Array<[string, (s: any) => void]>} */
  const stops = [
    ['SIGTERM to the launcher under load', (s) => process.kill(s.tree.launcher, 'SIGTERM')],
    ['SIGTERM to the process group', (s) => process.kill(-s.stack.npm.pid, 'SIGTERM')],
    ['Ctrl-C (SIGINT to the process group)', (s) => process.kill(-s.stack.npm.pid, 'SIGINT')],
  ];
  for (const [index, [label, stop]] of stops.entries()) {
    const s = current;
    const pids = processTree(s.stack).pids;
    const t0 = Date.now();
    stop(s);
    const exit = await Promise.race([s.stack.exited, sleep(STOP_MS).then(() => undefined)]);
    const ms = Date.now() - t0;
    // npm itself got the terminal's SIGINT: it ends by that signal once its script is done (as a shell
    // does); the launcher's own exit 0 shows as its last line.
    const npmOk = exit && (exit.code === 0 || (label.startsWith('Ctrl-C') && exit.signal === 'SIGINT'));
    if (!exit) failures.push(`${label}: npm start still running after ${STOP_MS / 1000} s`);
    else if (!npmOk) failures.push(`${label}: npm exit ${exit.code ?? exit.signal}`);
    if (s.stack.lines.at(-1) !== 'Bulkwise stopped.')
      failures.push(
        `${label}: the last line is not "Bulkwise stopped.": ${s.stack.lines.slice(-3).join(' | ')}`,
      );
    if (s.stack.lines.some((l) => /exited unexpectedly/.test(l)))
      failures.push(`${label}: printed "exited unexpectedly"`);
    const left = await leftovers(pids, portsOf(place), 5_000);
    for (const p of left.alive) failures.push(`${label}: still running afterwards: ${p}`);
    figures.push(
      `${label}: npm exit ${exit?.code ?? exit?.signal ?? '—'} in ${ms} ms after "${s.stack.lines.at(-1)}", ${left.alive.length} processes left`,
    );
    if (index === stops.length - 1) break;
    current = await startedStack(place);
    if (!restarted) {
      restarted = true;
      const { ledger, checks, broken } = await checkedLoad(loaded, failures);
      const sum = summarise(ledger);
      figures.push(
        `${sum.attempts} requests (${sum.outcomes}), ${sum.acked} acknowledged; after the restart ${checks} invariant checks: ${broken.length} failed`,
      );
    }
    await waitForLine(current.stack, /Press Ctrl-C/, 5_000);
  }
  return { failures, figures };
}
