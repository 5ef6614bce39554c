import type { MailConfig } from '../../config/env';
import type { Db } from '../../db/client';
import type { Mailer } from './mailer';
import { createDelivery, errorText } from './outbox.delivery';
import { createOutboxRepository, type OutboxRepository } from './outbox.repository';

export interface WorkerLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface OutboxWorkerOptions {
  db: Db;
  mailer: Mailer;
  mail: Pick<MailConfig, 'from' | 'pollMs' | 'maxAttempts' | 'retryBaseMs' | 'retryMaxMs'> &
    Partial<Pick<MailConfig, 'retentionDays' | 'failedRetentionDays'>>;
  publicUrl: string;
  log: WorkerLog;
  /** How long a claim holds a row; a worker that dies while sending gives it up after this. */
  leaseMs?: number;
  batchSize?: number;
  /** How often the loop deletes settled rows past their retention (the first time at start). */
  purgeEveryMs?: number;
}

export interface OutboxWorker {
  start(): void;
  /**
   * Lets the batch in hand finish for up to `graceMs`, then closes the SMTP connections. A row cut off
   * stays claimed and is sent again after its lease, under the same Message-ID.
   */
  stop(graceMs?: number): Promise<void>;
  /** One claim-and-send round; the number of rows it claimed. */
  runOnce(): Promise<number>;
}

export const DEFAULT_LEASE_MS = 120_000;
export const DEFAULT_RETENTION_DAYS = 30;
export const DEFAULT_FAILED_RETENTION_DAYS = 90;
/** Rows deleted per statement, so a first purge of a large outbox never holds many locks at once. */
const PURGE_BATCH = 1_000;

/**
 * Delivers the outbox: claims due rows, renders and sends each one with a Message-ID derived from the
 * row id, and settles it (sent, retried later, failed after `maxAttempts`, or skipped when the recipient
 * turned that kind of email off (order or low-stock emails), or its address is not verified). Delivery is at least once: a crash between the SMTP acceptance and the
 * acknowledgement resends after the lease with the same Message-ID, which receivers can de-duplicate.
 */
export function createOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const { mailer, mail, log } = options;
  const outbox = createOutboxRepository(options.db);
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const batchSize = options.batchSize ?? 20;
  const deliver = createDelivery({ outbox, mailer, mail, log, publicUrl: options.publicUrl });

  async function runOnce(): Promise<number> {
    const rows = await outbox.claim(batchSize, leaseMs);
    if (rows.length === 0) return 0;
    const off = await outbox.emailsOff([...new Set(rows.map((r) => r.recipientUid))]);
    const verified = await outbox.verifiedRecipients(rows);
    await Promise.all(rows.map((row) => deliver(row, off, verified)));
    return rows.length;
  }

  const purgeEveryMs = options.purgeEveryMs ?? 3_600_000;
  let lastPurge = -Infinity;
  const purge = purgeRetained(outbox, mail, log, () => running);
  let running = false;
  let loop: Promise<void> | undefined;
  const { pause, wake } = wakeablePause();

  async function run() {
    while (running) {
      let claimed = 0;
      try {
        if (performance.now() - lastPurge >= purgeEveryMs) {
          lastPurge = performance.now();
          await purge();
        }
        claimed = await runOnce();
      } catch (err) {
        // The database is away: the rows stay where they are and the next round tries again.
        log.warn({ err: errorText(err) }, 'outbox round failed');
      }
      // A full batch means more are probably due: go on at once.
      if (running && claimed < batchSize) await pause(mail.pollMs);
    }
  }

  return {
    start() {
      if (running) return;
      running = true;
      loop = run();
    },
    async stop(graceMs = 5_000) {
      running = false;
      wake();
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([loop, new Promise((resolve) => (timer = setTimeout(resolve, graceMs)))]);
      clearTimeout(timer);
      mailer.close();
    },
    runOnce,
  };
}

/** A pause between rounds that `wake` cuts short (stop). */
function wakeablePause() {
  let wake: (() => void) | undefined;
  return {
    pause: (ms: number) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, ms);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      }),
    wake: () => wake?.(),
  };
}

/** Each process's worker purges; SKIP LOCKED keeps two purges from waiting on each other. */
function purgeRetained(
  outbox: OutboxRepository,
  mail: OutboxWorkerOptions['mail'],
  log: WorkerLog,
  running: () => boolean,
) {
  return async (): Promise<number> => {
    let total = 0;
    for (;;) {
      const gone = await outbox.purge(
        mail.retentionDays ?? DEFAULT_RETENTION_DAYS,
        mail.failedRetentionDays ?? DEFAULT_FAILED_RETENTION_DAYS,
        PURGE_BATCH,
      );
      total += gone;
      if (gone < PURGE_BATCH || !running()) break;
    }
    if (total > 0) log.info({ deleted: total }, 'outbox rows past their retention deleted');
    return total;
  };
}
