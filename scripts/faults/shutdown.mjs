// Scenario 3: SIGTERM during load. Requests the server had accepted finish with their real answer,
// later ones are refused cleanly (503 with the JSON body, or a refused connection), the process exits 0
// within 10 s; a new process then takes over and the load's retries settle on it.
import http from 'node:http';
import { checkInvariants, readPostgresState } from './invariants.mjs';
import { freePort, freshDatabase, log, makeBuyers, sleep, startApi } from './lib.mjs';
import { pickProducts, runLoad, summarise } from './load.mjs';

const MAX_EXIT_MS = 10_000;

/** Request ids (the `c` query parameter) and times of what the server logged as received and completed. */
function parseRequestLog(lines) {
  const received = new Map();
  const completed = new Set();
  let shutdownAt;
  const byReqId = new Map();
  for (const line of lines) {
    let entry;
    try {
      entry = JSON.parse(line);
    } catch {
      continue;
    }
    if (entry.msg === 'shutting down') shutdownAt = entry.time;
    if (entry.msg === 'incoming request') {
      const id = /[?&]c=(\d+)/.exec(entry.req?.url ?? '')?.[1];
      if (id) {
        received.set(Number(id), entry.time);
        byReqId.set(entry.reqId, Number(id));
      }
    }
    if (entry.msg === 'request completed' && byReqId.has(entry.reqId))
      completed.add(byReqId.get(entry.reqId));
  }
  return { received, completed, shutdownAt, cleanExit: lines.some((l) => l.includes('shut down cleanly')) };
}

/**
 * Judges every attempt that reached the first process, by what its log says it received, and counts what
 * was refused after the shutdown began.
 */
function judgeAttempts({ received, completed, shutdownAt, attempts, sigtermAt, failures }) {
  let inFlight = 0;
  let refused503 = 0;
  for (const [id, at] of received) {
    const res = attempts.get(id);
    if (!res) continue;
    if (res.error)
      failures.push(`request c=${id} was accepted by the server but the client got ${res.error}`);
    else if (at < shutdownAt) {
      if (res.endedAt >= sigtermAt) inFlight++;
      if (res.status >= 500)
        failures.push(`request c=${id}, accepted before the shutdown, answered ${res.status}`);
    }
    if (!completed.has(id)) failures.push(`request c=${id} was received but never logged as completed`);
  }
  for (const [id, res] of attempts) {
    if (res.status !== 503) continue;
    refused503++;
    if (res.json?.code !== 'SERVICE_UNAVAILABLE')
      failures.push(`request c=${id} was refused with a 503 without the JSON body: ${res.text}`);
  }
  const sentAfter = [...attempts.entries()].filter(
    ([id, r]) => r.startedAt !== undefined && !received.has(id) && r.endedAt >= sigtermAt,
  );
  const errorsAfter = new Map();
  for (const [, r] of sentAfter) if (r.error) errorsAfter.set(r.error, (errorsAfter.get(r.error) ?? 0) + 1);
  return { inFlight, refused503, errorsAfter };
}

/** SIGTERM to the first process under load: it must exit 0, within MAX_EXIT_MS. */
async function sigterm(first, failures) {
  const sigtermAt = Date.now();
  first.child.kill('SIGTERM');
  const exit = await first.exited;
  const exitMs = exit.at - sigtermAt;
  log(`SIGTERM → exit ${exit.code ?? exit.signal} in ${exitMs} ms`);
  if (exit.code !== 0) failures.push(`exit code ${exit.code ?? exit.signal}, not 0`);
  if (exitMs > MAX_EXIT_MS) failures.push(`exit took ${exitMs} ms`);
  return { sigtermAt, exit, exitMs };
}

export async function gracefulShutdown() {
  const url = await freshDatabase();
  const port = await freePort();
  const env = { DATABASE_URL: url, LOG_LEVEL: 'debug' };
  const first = await startApi({ port, env, keepLog: true });
  const products = await pickProducts(port, 8);
  const buyers = await makeBuyers(16);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const failures = [];
  const attempts = new Map();

  const load = runLoad({
    port: () => port,
    buyers,
    products,
    durationMs: 9_000,
    agent,
    onAttempt: ({ id, res }) => attempts.set(id, { ...res, endedAt: Date.now() }),
  });
  await sleep(3_000);
  const { sigtermAt, exit, exitMs } = await sigterm(first, failures);

  const { received, completed, shutdownAt, cleanExit } = parseRequestLog(first.lines);
  if (!cleanExit) failures.push('the log has no "shut down cleanly"');
  if (shutdownAt === undefined) failures.push('the log has no "shutting down"');

  const second = await startApi({ port, env: { DATABASE_URL: url } });
  log(`a new process took over after ${Date.now() - sigtermAt} ms`);
  const ledger = await load.done;
  agent.destroy();

  const { inFlight, refused503, errorsAfter } = judgeAttempts({
    received,
    completed,
    shutdownAt,
    attempts,
    sigtermAt,
    failures,
  });
  if (inFlight === 0) failures.push('no request was in flight at SIGTERM: the scenario proved nothing');

  const state = await readPostgresState(url, products);
  const { checks, failures: broken } = checkInvariants(ledger, products, state);
  failures.push(...broken);
  if (second.child.exitCode !== null) failures.push('the second process is not running');
  const s = summarise(ledger);
  return {
    failures,
    figures: [
      `SIGTERM with ${inFlight} requests in flight: all finished with their real answer; exit ${exit.code} in ${exitMs} ms`,
      `refused cleanly afterwards: ${refused503} × 503 SERVICE_UNAVAILABLE on open connections, ` +
        `${[...errorsAfter].map(([k, v]) => `${v} × ${k}`).join(', ') || 'no'} connection errors for requests the server never received`,
      `${received.size} requests received by the first process, all logged completed; ${s.attempts} requests in all (${s.outcomes})`,
      `${s.purchases} purchases, ${s.acked} acknowledged; ${checks} invariant checks: ${broken.length} failed`,
    ],
  };
}
