// Scenario 2: PostgreSQL becomes unreachable mid-load, first by resets (the server down or restarting),
// then as a black hole (a network partition). The API must answer 503 with the JSON error body within a
// few seconds, report itself unhealthy, stay up, and recover by itself when the network comes back.
import http from 'node:http';
import { checkInvariants, readPostgresState } from './invariants.mjs';
import { ADMIN_URL, freePort, freshDatabase, httpRequest, makeBuyers, sleep, startApi } from './lib.mjs';
import { pickProducts, runLoad, summarise } from './load.mjs';
import { startProxy } from './proxy.mjs';

/** The slowest answer allowed while the database is unreachable: query_timeout (5 s) plus slack. */
const MAX_OUTAGE_ANSWER_MS = 6_500;
const MAX_RECOVERY_MS = 10_000;

export async function databaseOutage() {
  const url = await freshDatabase();
  const target = new URL(ADMIN_URL);
  const proxy = await startProxy({ host: target.hostname, port: Number(target.port || 5432) });
  const viaProxy = new URL(url);
  viaProxy.host = `127.0.0.1:${proxy.port}`;
  const port = await freePort();
  const api = await startApi({ port, env: { DATABASE_URL: viaProxy.toString() } });
  const products = await pickProducts(port, 6);
  const buyers = await makeBuyers(8);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const failures = [];
  const figures = [];

  const load = runLoad({ port: () => port, buyers, products, durationMs: 31_000, settleMs: 20_000, agent });
  const health = async () => {
    const res = await httpRequest({ port, method: 'GET', path: '/api/health', timeoutMs: 10_000 });
    return { ...res, at: Date.now() };
  };
  const scene = { proxy, health, ledger: load.ledger, failures };
  await sleep(4_000);
  const windows = [await outage(scene, 'reset', 5_000)];
  await sleep(3_000);
  windows.push(await outage(scene, 'blackhole', 8_000));
  const ledger = await load.done;
  agent.destroy();
  for (const window of windows) judge(window, ledger, { failures, figures });

  const networkErrors = [...ledger.byOutcome].filter(([k]) => !/^\d+$/.test(k));
  if (networkErrors.length > 0)
    failures.push(`the API dropped connections: ${networkErrors.map(([k, v]) => `${k}:${v}`).join(' ')}`);
  if (api.child.exitCode !== null || api.child.signalCode !== null)
    failures.push(`the API process exited (${api.child.exitCode ?? api.child.signalCode})`);
  const state = await readPostgresState(url, products);
  const { checks, failures: broken } = checkInvariants(ledger, products, state);
  failures.push(...broken);
  const s = summarise(ledger);
  figures.push(
    `${s.attempts} requests (${s.outcomes}); ${s.purchases} purchases, ${s.acked} acknowledged, ${s.retried} retried; the API process stayed up (pid ${api.child.pid})`,
    `${checks} invariant checks on ${products.length} products and ${state.items.length} cart items: ${broken.length} failed`,
  );
  return { failures, figures };
}

/** `check()` every `everyMs` until it answers something, or undefined after MAX_RECOVERY_MS from `from`. */
async function within(from, everyMs, check) {
  while (Date.now() - from < MAX_RECOVERY_MS) {
    const found = check();
    if (found !== undefined) return found;
    await sleep(everyMs);
  }
  return undefined;
}

/** One cut of `lengthMs`: /api/health polled during it, then how soon health and a request recover. */
async function outage({ proxy, health, ledger, failures }, kind, lengthMs) {
  proxy.cut(kind);
  const cutAt = Date.now();
  const polls = [];
  await sleep(500);
  while (Date.now() - cutAt < lengthMs) {
    polls.push(await health());
    await sleep(400);
  }
  proxy.restore();
  const restoredAt = Date.now();
  for (const p of polls) {
    if (p.status !== 503 || p.json?.database !== 'unavailable' || p.ms > 3_000) {
      failures.push(
        `${kind}: /api/health answered ${p.status ?? p.error} ${p.text ?? ''} in ${Math.round(p.ms)} ms during the outage`,
      );
    }
  }
  let healthyAfter;
  while (healthyAfter === undefined && Date.now() - restoredAt < MAX_RECOVERY_MS) {
    const p = await health();
    if (p.status === 200 && p.json?.database === 'ok') healthyAfter = p.at - restoredAt;
    else await sleep(200);
  }
  if (healthyAfter === undefined)
    failures.push(`${kind}: /api/health not 200 within ${MAX_RECOVERY_MS} ms of the restore`);
  const purchaseAfter = await within(restoredAt, 100, () => {
    const ok = ledger.latencies.find((l) => l.at > restoredAt && l.outcome === 200);
    return ok && ok.at - restoredAt;
  });
  if (purchaseAfter === undefined)
    failures.push(`${kind}: no request succeeded within ${MAX_RECOVERY_MS} ms of the restore`);
  return { kind, lengthMs, cutAt, restoredAt, polls, healthyAfter, purchaseAfter };
}

/** Judged once the load is over, so that a request still hanging after the restore is counted too. */
function judge(window, ledger, { failures, figures }) {
  const { kind, lengthMs, cutAt, restoredAt, polls, healthyAfter, purchaseAfter } = window;
  // Every request that overlapped the outage, including any still hanging when the network came back.
  const during = ledger.latencies.filter((l) => l.at >= cutAt && l.at - l.ms <= restoredAt);
  const unavailable = during.filter((l) => l.outcome === 503);
  const slowest = Math.max(0, ...during.map((l) => l.ms));
  if (unavailable.length === 0)
    failures.push(`${kind}: no 503 while the database was cut: the cut did not bite`);
  if (slowest > MAX_OUTAGE_ANSWER_MS)
    failures.push(`${kind}: an answer took ${Math.round(slowest)} ms during the outage`);
  const notJson = unavailable.filter((l) => l.code !== 'SERVICE_UNAVAILABLE').length;
  if (notJson > 0) failures.push(`${kind}: ${notJson} 503 answers without the SERVICE_UNAVAILABLE JSON body`);
  figures.push(
    `${kind} for ${lengthMs / 1000} s: ${during.length} answers (${unavailable.length} × 503 SERVICE_UNAVAILABLE, slowest ${Math.round(slowest)} ms), ` +
      `${polls.length} health polls 503 'unavailable' (slowest ${Math.round(Math.max(0, ...polls.map((p) => p.ms)))} ms); ` +
      `healthy ${healthyAfter ?? '—'} ms and first success ${purchaseAfter ?? '—'} ms after the restore`,
  );
}
