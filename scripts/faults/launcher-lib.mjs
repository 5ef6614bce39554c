// `npm start` as a user runs it, for the launcher scenarios: in a process group of its own (as a
// terminal gives it), on free ports and a temporary DATA_DIR, with what it started found in /proc.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { freePort, freePorts, portBusy } from '../lib/ports.mjs';
import { commandLine, descendants, envWithout, isAlive } from '../lib/processes.mjs';
import { ROOT } from '../stack.mjs';
import { checkInvariants, readApiState } from './invariants.mjs';
import { JWT_SECRET, httpRequest, log, makeBuyers, onCleanup, sleep, tempDir } from './lib.mjs';
import { PURCHASE_BODY, pickProducts, runLoad } from './load.mjs';

export const START_TIMEOUT_MS = 240_000;

/** Ports and directory of one stack; several launches may share them (a restart, a second instance). */
export async function stackPlace(dataDir) {
  const [emulatorPort] = await freePorts(3);
  const [mailSmtpPort, mailWebPort] = await freePorts(2);
  return { port: await freePort(), emulatorPort, mailSmtpPort, mailWebPort, dataDir };
}

/** `npm start` in its own process group; `lines` collects its output, `ready` resolves on the ready line. */
export function launch({ port, emulatorPort, mailSmtpPort, mailWebPort, dataDir }) {
  const built = existsSync(path.join(ROOT, 'apps', 'web', 'dist', 'index.html'));
  const env = envWithout([
    'DATABASE_URL',
    'FIREBASE_AUTH_EMULATOR_HOST',
    'HOST',
    'WEB_DIST_DIR',
    'FRESH_DATA',
    'INSTANCE_ID',
    'SMTP_URL',
    'MAIL_ENABLED',
  ]);
  const npm = spawn('npm', ['start', '--silent'], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...env,
      NODE_ENV: 'development',
      PORT: String(port),
      AUTH_EMULATOR_PORT: String(emulatorPort),
      MAIL_SMTP_PORT: String(mailSmtpPort),
      MAIL_WEB_PORT: String(mailWebPort),
      DATA_DIR: dataDir,
      START_SKIP_BUILD: built ? '1' : '',
      JWT_SECRET,
      RATE_LIMIT_DISABLED: 'true',
      LOG_LEVEL: 'warn',
    },
  });
  const lines = [];
  const collect = (chunk) => lines.push(...chunk.toString().split('\n').filter(Boolean));
  npm.stdout.on('data', collect);
  npm.stderr.on('data', collect);
  const exited = new Promise((resolve) =>
    npm.on('exit', (code, signal) => resolve({ code, signal, at: Date.now() })),
  );
  const stack = { npm, lines, exited, port, output: () => lines.join('\n') };
  stack.ready = waitForLine(stack, /Bulkwise is running/, START_TIMEOUT_MS);
  // A launch expected to be refused never gets ready: only those who await it care.
  stack.ready.catch(() => {});
  onCleanup(async () => {
    // By process group, never by remembered pids: once npm has exited its pid may be another process's,
    // while a group id is not reused as long as one member lives.
    try {
      process.kill(-(/** @type {number} */ (npm.pid)), 'SIGKILL');
    } catch {
      // the whole group is gone
    }
    await Promise.race([exited, sleep(5_000)]);
  });
  return stack;
}

/** `npm start` in its own process group, once it says it is ready: the stack and its processes. */
export async function startedStack(place) {
  const stack = launch(place);
  const t0 = Date.now();
  await stack.ready;
  const tree = processTree(stack);
  log(
    `npm start ready in ${Date.now() - t0} ms (launcher ${tree.launcher}, API ${tree.api}, emulator ${tree.emulator})`,
  );
  return { stack, tree };
}

/**
 * A stack started in a fresh place (`label` names its DATA_DIR) with `products` of its products bought by
 * `buyers` new buyers (as many as the products unless given) for `durationMs`; answers once `warmMs` of
 * that load have passed, with the place, the started stack and tree, the products, the buyers and the load.
 * @param {string} label
 * @param {{ products: number, buyers?: number, durationMs: number, warmMs: number }} load
 */
export async function stackUnderLoad(
  label,
  { products: productCount, buyers: buyerCount, durationMs, warmMs },
) {
  const place = await stackPlace(tempDir(label));
  const { stack, tree } = await startedStack(place);
  const products = await pickProducts(place.port, productCount);
  const buyers = await makeBuyers(buyerCount ?? productCount);
  const load = runLoad({ port: () => place.port, buyers, products, durationMs, settleMs: 240_000 });
  await sleep(warmMs);
  return { place, stack, tree, products, buyers, load };
}

/**
 * Once the load of `stackUnderLoad` is done: its ledger, and the invariants checked against what the API
 * answers now (the broken ones are added to `failures`).
 */
export async function checkedLoad({ place, products, buyers, load }, failures) {
  const ledger = await load.done;
  const state = await readApiState(place.port, buyers, products);
  const { checks, failures: broken } = checkInvariants(ledger, products, state);
  failures.push(...broken);
  return { ledger, checks, broken };
}

/** Resolves when a line matches; rejects when `npm start` exits first or after `timeoutMs`. */
export async function waitForLine(stack, pattern, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  let gone = false;
  stack.exited.then(() => (gone = true));
  while (Date.now() < deadline) {
    const line = stack.lines.find((l) => pattern.test(l));
    if (line) return line;
    if (gone) throw new Error(`npm start exited before printing ${pattern}:\n${stack.output().slice(-3000)}`);
    await sleep(200);
  }
  throw new Error(
    `npm start did not print ${pattern} within ${timeoutMs / 1000} s:\n${stack.output().slice(-3000)}`,
  );
}

/** The processes of a running stack: npm, the launcher, the API, the emulator (and their helpers). */
export function processTree(stack) {
  const pids = [stack.npm.pid, ...descendants(stack.npm.pid)];
  const find = (re) => pids.find((pid) => re.test(commandLine(pid)));
  return {
    pids,
    launcher: find(/^(\S*\/)?node .*scripts\/start\.mjs/),
    api: find(/apps\/api\/(src\/server\.ts|dist\/server\.js)/),
    emulator: find(/firebase/),
  };
}

/** Polls until every pid is gone and the ports are free; returns what is left after `timeoutMs`. */
export async function leftovers(pids, ports, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const alive = pids.filter(isAlive).map((pid) => `${pid} (${commandLine(pid).slice(0, 80)})`);
    const busy = [];
    for (const p of ports) if (await portBusy(p)) busy.push(p);
    if ((alive.length === 0 && busy.length === 0) || Date.now() > deadline) return { alive, busy };
    await sleep(250);
  }
}

/** SIGTERM to the whole group (npm exits at once), then wait until every process of it is gone. */
export async function stopStack(stack) {
  const pids = [stack.npm.pid, ...descendants(stack.npm.pid)];
  process.kill(-stack.npm.pid, 'SIGTERM');
  await stack.exited;
  await leftovers(pids, [], 20_000);
}

export async function health(port) {
  const res = await httpRequest({ port, method: 'GET', path: '/api/health', timeoutMs: 5_000 });
  return res.json;
}

/** One purchase by a new buyer: does the stack take orders? */
export async function newPurchaseAccepted(port, product) {
  const [buyer] = await makeBuyers(1);
  const res = await httpRequest({
    port,
    method: 'POST',
    path: `/api/products/purchase/${product.id}`,
    headers: { authorization: `Bearer ${buyer.token}`, 'idempotency-key': `after-${Date.now()}` },
    body: { quantity: product.quantity, ...PURCHASE_BODY },
  });
  return res.status === 200
    ? undefined
    : `a new purchase after the restart answered ${res.status ?? res.error}: ${res.text?.slice(0, 200)}`;
}
