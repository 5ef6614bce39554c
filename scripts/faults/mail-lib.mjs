// Pieces of the mail fault scenarios: a real SMTP server that records every Message-ID it accepts (and
// which API process sent it), orders placed through the API, and the outbox read from PostgreSQL.
import { simpleParser } from 'mailparser';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { freePort, httpRequest, log, makeBuyers, onCleanup, sleep } from './lib.mjs';
import { pickProducts, PURCHASE_BODY } from './load.mjs';

/** A port for the SMTP server: FAULTS_SMTP_PORT when set, else a free one. */
export const smtpPort = async () => Number(process.env.FAULTS_SMTP_PORT ?? 0) || (await freePort());

/**
 * An SMTP server on `port` (started and stopped at will: stopped, the port refuses connections like a
 * mail server that is down). `delayMs` holds each mail before accepting it, so a kill can land mid-send.
 */
export function smtpCatcher(port, { delayMs = 0 } = {}) {
  const received = [];
  let server;
  const catcher = {
    received,
    async start() {
      server = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS', 'AUTH'],
        logger: false,
        onData(stream, session, callback) {
          simpleParser(stream).then(
            async (mail) => {
              if (delayMs) await sleep(delayMs);
              received.push({
                messageId: mail.messageId,
                from: session.hostNameAppearsAs,
                subject: mail.subject,
              });
              callback();
            },
            (err) => callback(err),
          );
        },
      });
      // A sender killed mid-mail resets its connection: a real mail server logs that and goes on. Without a
      // listener the 'error' event would end the drill's own process (seen once in the mail-crash drill).
      server.on('error', (/** @type {NodeJS.ErrnoException} */ err) => {
        if (err.code !== 'ECONNRESET' && err.code !== 'EPIPE') log(`  · SMTP server error: ${err.message}`);
      });
      await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
    },
    async stop() {
      if (!server) return;
      const s = server;
      server = undefined;
      await new Promise((resolve) => s.close(resolve));
    },
    /** Message-ID -> how many times it arrived. */
    counts() {
      const counts = new Map();
      for (const m of received) counts.set(m.messageId, (counts.get(m.messageId) ?? 0) + 1);
      return counts;
    },
  };
  onCleanup(() => catcher.stop());
  return catcher;
}

/** The API's environment for mail: fast retries and a short lease so a scenario fits in its time. */
export function mailEnv(port, name = 'api') {
  return {
    SMTP_URL: `smtp://127.0.0.1:${port}/?name=${name}`,
    MAIL_ENABLED: 'true',
    MAIL_FROM: 'Bulkwise <orders@bulkwise.test>',
    // Production with mail on requires it (order emails link to the site).
    PUBLIC_URL: 'http://bulkwise.test',
    OUTBOX_POLL_MS: '200',
    OUTBOX_RETRY_BASE_MS: '200',
    OUTBOX_RETRY_MAX_MS: '1500',
    OUTBOX_MAX_ATTEMPTS: '50',
    OUTBOX_LEASE_MS: '4000',
  };
}

/**
 * Places `count` orders through the API(s) on `ports` (round robin), `concurrency` at a time. Every one
 * must be acknowledged: an outage of the mail server must never refuse an order.
 */
export async function placeOrders(databaseUrl, ports, count, concurrency = 10) {
  await verifySuppliers(databaseUrl);
  const products = await pickProducts(ports[0], 8);
  const buyers = await makeBuyers(concurrency);
  const results = [];
  let next = 0;
  await Promise.all(
    buyers.map(async (buyer) => {
      while (next < count) {
        const i = next++;
        const product = products[i % products.length];
        const res = await httpRequest({
          port: ports[i % ports.length],
          method: 'POST',
          path: `/api/products/purchase/${product.id}`,
          headers: { authorization: `Bearer ${buyer.token}` },
          body: { quantity: product.quantity, ...PURCHASE_BODY },
        });
        results.push(
          res.status === 200 ? 'ok' : `${res.status ?? res.error} ${res.text?.slice(0, 120) ?? ''}`,
        );
      }
    }),
  );
  const refused = results.filter((r) => r !== 'ok');
  log(`${count} orders placed: ${count - refused.length} acknowledged, ${refused.length} refused`);
  return refused;
}

/**
 * Order emails go only to verified addresses (decision 0019): the suppliers these orders notify are
 * marked verified, as their first sign-in with a verified Firebase account would.
 */
async function verifySuppliers(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      `insert into accounts (uid, email, email_verified)
       select distinct on (owner_uid) owner_uid, user_email, true from products
       on conflict (uid) do update set email = excluded.email, email_verified = true`,
    );
  } finally {
    await client.end();
  }
}

/** The outbox as PostgreSQL holds it: status -> rows, and the attempts made so far. */
export async function outboxState(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(
      'select status, count(*)::int as n, coalesce(sum(attempts), 0)::int as attempts from notification_outbox group by status',
    );
    const byStatus = Object.fromEntries(rows.map((r) => [r.status, r.n]));
    const ids = (await client.query('select id from notification_outbox')).rows.map((r) => r.id);
    return { byStatus, attempts: rows.reduce((n, r) => n + r.attempts, 0), ids, total: ids.length };
  } finally {
    await client.end();
  }
}

/** Polls `check` (async, truthy when done) every 200 ms until `timeoutMs`; returns whether it held. */
export async function until(check, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await sleep(200);
  }
  return false;
}

/**
 * Exactly-once by Message-ID: every outbox row arrived, none twice, nothing arrived that is not a row.
 * `allowResends` counts a repeated Message-ID (a claim cut by a kill between send and acknowledgement)
 * as a recognisable resend instead of a failure.
 */
export function checkDelivery(catcher, rowIds, { allowResends = false } = {}) {
  const failures = [];
  const counts = catcher.counts();
  const expected = new Set(rowIds.map((id) => `<${id}@bulkwise.test>`));
  const missing = [...expected].filter((id) => !counts.has(id));
  const strangers = [...counts.keys()].filter((id) => !expected.has(id));
  const repeated = [...counts].filter(([, n]) => n > 1);
  if (missing.length) failures.push(`${missing.length} of ${expected.size} notifications never arrived`);
  if (strangers.length) failures.push(`${strangers.length} mails arrived that match no outbox row`);
  if (repeated.length && !allowResends)
    failures.push(`${repeated.length} notifications arrived more than once`);
  return { failures, unique: counts.size, total: catcher.received.length, resent: repeated.length };
}

/**
 * The end of every mail scenario: waits up to `timeoutMs` until all `count` outbox rows are sent (a
 * failure naming `after` otherwise), 1.5 s more for a late duplicate (it would come within a few polls),
 * then checks delivery (`checkDelivery`). Failures are added to `failures`; answers the delivery and the
 * time from `since` until every row was sent.
 * @param {{ url: string, catcher: any, count: number, timeoutMs: number, since: number, after?: string,
 *   allowResends?: boolean, failures: string[] }} options
 */
export async function drainAndCheck({
  url,
  catcher,
  count,
  timeoutMs,
  since,
  after = '',
  allowResends,
  failures,
}) {
  const drained = await until(async () => (await outboxState(url)).byStatus.sent === count, timeoutMs);
  const drainMs = Date.now() - since;
  if (!drained)
    failures.push(`not every row was sent${after}: ${JSON.stringify((await outboxState(url)).byStatus)}`);
  await until(async () => false, 1_500);
  const delivery = checkDelivery(catcher, (await outboxState(url)).ids, { allowResends });
  failures.push(...delivery.failures);
  return { delivery, drainMs };
}
