import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import { createSmtpMailer } from './mailer';
import { createOutboxWorker, type WorkerLog } from './outbox.worker';

/**
 * The outbox worker of this process (server.ts; tests build their own). Several API processes on one
 * PostgreSQL each run one; their claims never overlap. With mail disabled the outbox keeps its rows.
 */
export function startNotifications(deps: { config: Config; db: Db; log: WorkerLog }): {
  describe: string;
  stop(): Promise<void>;
} {
  const { mail } = deps.config;
  if (!mail.enabled || !mail.smtpUrl) {
    return {
      describe: 'email is off (set SMTP_URL, and MAIL_ENABLED=true): order emails wait in the outbox',
      stop: async () => {},
    };
  }
  // SMTP waits stay well inside the lease, so a claim never expires while its mail may still go out.
  const mailer = createSmtpMailer({
    smtpUrl: mail.smtpUrl,
    from: mail.from,
    timeoutMs: Math.min(30_000, mail.leaseMs / 4),
  });
  const worker = createOutboxWorker({
    db: deps.db,
    mailer,
    mail,
    publicUrl: deps.config.publicUrl,
    log: deps.log,
    leaseMs: mail.leaseMs,
  });
  worker.start();
  const target = new URL(mail.smtpUrl);
  return {
    describe: `sending order emails through ${target.hostname}:${target.port || 'default port'}`,
    stop: () => worker.stop(),
  };
}
