// Mail scenarios: the transactional outbox keeps every order's notification through an SMTP outage, a
// SIGKILL of the API, and two API processes delivering from one PostgreSQL.
import { freePort, freshDatabase, killHard, log, startApi } from './lib.mjs';
import {
  drainAndCheck,
  mailEnv,
  outboxState,
  placeOrders,
  smtpCatcher,
  smtpPort,
  until,
} from './mail-lib.mjs';

/** SMTP down while 50 orders are placed: none refused, none sent; SMTP back: all 50, each exactly once. */
export async function smtpOutage() {
  const url = await freshDatabase();
  const [port, mailPort] = [await freePort(), await smtpPort()];
  const catcher = smtpCatcher(mailPort);
  await startApi({ port, env: { DATABASE_URL: url, ...mailEnv(mailPort) } });
  const refused = await placeOrders(url, [port], 50);
  const failures = refused.map((r) => `an order was refused while SMTP was down: ${r}`);
  // The worker has tried (and failed) every row at least once before the server comes back.
  const tried = await until(async () => {
    const s = await outboxState(url);
    return s.total === 50 && s.byStatus.pending === 50 && s.attempts >= 50 * 2;
  }, 30_000);
  if (!tried)
    failures.push(
      `the worker did not retry every row while SMTP was down: ${JSON.stringify((await outboxState(url)).byStatus)}`,
    );
  const whileDown = await outboxState(url);
  if (catcher.received.length > 0) failures.push('a mail arrived while SMTP was down');
  log(`SMTP down: ${whileDown.total} rows pending after ${whileDown.attempts} failed attempts`);
  const backAt = Date.now();
  await catcher.start();
  const { delivery, drainMs } = await drainAndCheck({
    url,
    catcher,
    count: 50,
    timeoutMs: 30_000,
    since: backAt,
    after: ' after SMTP returned',
    failures,
  });
  return {
    failures,
    figures: [
      `50 orders placed with SMTP down: ${50 - refused.length} acknowledged, 0 mails sent, ${whileDown.attempts} send attempts failed and were retried`,
      `SMTP back: ${delivery.unique} distinct Message-IDs in ${delivery.total} mails within ${(drainMs / 1000).toFixed(1)} s`,
    ],
  };
}

/**
 * SIGKILL with rows pending and mails in flight (a slow SMTP server): after a restart every row is
 * delivered; a claim the kill cut between send and acknowledgement is resent under the same Message-ID.
 */
export async function crashWithPendingMail() {
  const url = await freshDatabase();
  const [port, mailPort] = [await freePort(), await smtpPort()];
  const catcher = smtpCatcher(mailPort, { delayMs: 150 });
  const env = { DATABASE_URL: url, ...mailEnv(mailPort) };
  let api = await startApi({ port, env });
  const failures = await placeOrders(url, [port], 40);
  await catcher.start();
  await until(async () => catcher.received.length >= 8, 30_000);
  await killHard(api);
  const atKill = await outboxState(url);
  const arrivedAtKill = catcher.received.length;
  log(`SIGKILL with ${arrivedAtKill} mails arrived; outbox ${JSON.stringify(atKill.byStatus)}`);
  if ((atKill.byStatus.pending ?? 0) + (atKill.byStatus.sending ?? 0) === 0)
    failures.push('nothing was pending at the kill: the scenario proved nothing');
  const restartedAt = Date.now();
  api = await startApi({ port, env });
  const { delivery, drainMs } = await drainAndCheck({
    url,
    catcher,
    count: 40,
    timeoutMs: 45_000,
    since: restartedAt,
    after: ' after the restart',
    allowResends: true,
    failures,
  });
  return {
    failures,
    figures: [
      `40 orders; SIGKILL after ${arrivedAtKill} mails with ${atKill.byStatus.pending ?? 0} rows pending and ${atKill.byStatus.sending ?? 0} claimed in flight`,
      `after the restart: all ${delivery.unique} delivered within ${(drainMs / 1000).toFixed(1)} s (start-up included); ${delivery.resent} resent under the same Message-ID (cut between send and acknowledgement)`,
    ],
  };
}

/** Two API processes on one PostgreSQL deliver 200 rows that are all due at once: no duplicate. */
export async function twoWorkers() {
  const url = await freshDatabase();
  const [portA, portB, mailPort] = [await freePort(), await freePort(), await smtpPort()];
  const catcher = smtpCatcher(mailPort);
  // SMTP is down while the orders come in, so all 200 rows are due together when it returns.
  const [a, b] = [
    await startApi({ port: portA, env: { DATABASE_URL: url, ...mailEnv(mailPort, 'api-a') } }),
    await startApi({ port: portB, env: { DATABASE_URL: url, ...mailEnv(mailPort, 'api-b') } }),
  ];
  const failures = await placeOrders(url, [portA, portB], 200, 16);
  await catcher.start();
  const { delivery } = await drainAndCheck({
    url,
    catcher,
    count: 200,
    timeoutMs: 60_000,
    since: Date.now(),
    failures,
  });
  const bySender = { 'api-a': 0, 'api-b': 0 };
  for (const m of catcher.received) bySender[m.from] = (bySender[m.from] ?? 0) + 1;
  if (!bySender['api-a'] || !bySender['api-b'])
    failures.push(`one process sent everything (${JSON.stringify(bySender)}): the race was not tested`);
  if (a.child.exitCode !== null || b.child.exitCode !== null) failures.push('an API process died');
  return {
    failures,
    figures: [
      `200 orders through two API processes; ${delivery.total} mails, ${delivery.unique} distinct Message-IDs (api-a sent ${bySender['api-a']}, api-b ${bySender['api-b']})`,
    ],
  };
}
