import type { Db } from '../src/db/client';
import { createSmtpMailer } from '../src/modules/notifications/mailer';
import {
  createOutboxWorker,
  type OutboxWorkerOptions,
  type WorkerLog,
} from '../src/modules/notifications/outbox.worker';

const FROM = 'Bulkwise <orders@bulkwise.test>';
const quiet: WorkerLog = { info: () => {}, warn: () => {}, error: () => {} };

/**
 * The outbox worker as the tests run it: mail to the test's SMTP catcher, short polls and retry delays
 * so a test settles in a second, links to a fixed public URL. `mail` overrides single settings.
 */
export function testOutboxWorker(
  db: Db,
  smtpUrl: string,
  { mail = {}, log = quiet }: { mail?: Partial<OutboxWorkerOptions['mail']>; log?: WorkerLog } = {},
) {
  return createOutboxWorker({
    db,
    mailer: createSmtpMailer({ smtpUrl, from: FROM, timeoutMs: 5_000 }),
    mail: { from: FROM, pollMs: 50, maxAttempts: 3, retryBaseMs: 100, retryMaxMs: 400, ...mail },
    publicUrl: 'https://market.example.com',
    log,
  });
}
