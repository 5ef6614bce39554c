import type { MailConfig } from '../../config/env';
import type { OutboxRow } from '../../db/schema';
import { LOW_STOCK_KIND, renderLowStockMail, type LowStockMailPayload } from './low-stock-mail';
import { mailDomain, type Mailer } from './mailer';
import { recipientKey, type OutboxRepository } from './outbox.repository';
import { renderMail, sendsToUnverified, type NotificationKind, type RenderedMail } from './templates';
import { isTradeMail, renderTradeMail, type TradeMailPayload } from './trade-mail';

/** Exponential backoff with a little jitter, so rows that failed together do not retry in lockstep. */
export function retryDelay(attempts: number, baseMs: number, maxMs: number, random = Math.random): number {
  const exponential = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));
  return exponential * (1 + 0.2 * random());
}

export const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

type EmailsOff = { orders: Set<string>; lowStock: Set<string> };

/** Why `row` is not sent (kept in last_error), or undefined when it may go. */
function skipReason(row: OutboxRow, off: EmailsOff, verified: Set<string>): string | undefined {
  const kind = row.kind as NotificationKind;
  const lowStock = row.kind === LOW_STOCK_KIND;
  // Order and alert mail goes only to an address its owner proved to be theirs (decision 0019);
  // the verification mail itself is the one exception.
  if (!sendsToUnverified(kind) && !verified.has(recipientKey(row.recipientUid, row.recipientEmail))) {
    return 'recipient email not verified';
  }
  if ((lowStock ? off.lowStock : off.orders).has(row.recipientUid) && !sendsToUnverified(kind)) {
    return lowStock ? 'recipient turned low-stock emails off' : 'recipient turned order emails off';
  }
  return undefined;
}

/** The mail of a row, by its kind: low stock, trade on account, or the order, quote and account mails. */
function renderRow(row: OutboxRow, publicUrl: string): RenderedMail {
  if (row.kind === LOW_STOCK_KIND) return renderLowStockMail(row.payload as LowStockMailPayload, publicUrl);
  return isTradeMail(row.kind)
    ? renderTradeMail(row.payload as TradeMailPayload, publicUrl)
    : renderMail(row.kind as NotificationKind, row.payload, publicUrl);
}

/** Sends one claimed row and settles it: sent, skipped, retried later or failed after `maxAttempts`. */
export function createDelivery(deps: {
  outbox: OutboxRepository;
  mailer: Mailer;
  mail: Pick<MailConfig, 'from' | 'maxAttempts' | 'retryBaseMs' | 'retryMaxMs'>;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  publicUrl: string;
}) {
  const { outbox, mailer, mail, log } = deps;
  const domain = mailDomain(mail.from);

  async function settleFailure(row: OutboxRow, err: unknown) {
    if (row.attempts >= mail.maxAttempts) {
      log.error(
        { outboxId: row.id, kind: row.kind, attempts: row.attempts, err: errorText(err) },
        'notification failed for good',
      );
      await outbox.markFailed(row, errorText(err));
    } else {
      const delay = retryDelay(row.attempts, mail.retryBaseMs, mail.retryMaxMs);
      log.warn(
        { outboxId: row.id, attempts: row.attempts, retryInMs: Math.round(delay), err: errorText(err) },
        'notification not sent, will retry',
      );
      await outbox.markRetry(row, errorText(err), delay);
    }
  }

  return async function deliver(row: OutboxRow, off: EmailsOff, verified: Set<string>) {
    const skip = skipReason(row, off, verified);
    if (skip) {
      await outbox.markSkipped(row, skip);
      return;
    }
    try {
      const rendered = renderRow(row, deps.publicUrl);
      await mailer.send({ messageId: `${row.id}@${domain}`, to: row.recipientEmail, ...rendered });
    } catch (err) {
      await settleFailure(row, err);
      return;
    }
    if (!(await outbox.markSent(row))) {
      log.warn(
        { outboxId: row.id },
        'notification sent after its claim expired; it may be sent twice (same Message-ID)',
      );
    }
  };
}
