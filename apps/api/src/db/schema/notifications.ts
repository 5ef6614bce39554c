import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { entityId, requiredText, stampedAt, timestamptz } from './columns';

/**
 * The transactional outbox: one row per mail, inserted in the same transaction as the change that
 * causes it, delivered later by the worker (modules/notifications/outbox.worker.ts). `payload` is the
 * order event as it was when it happened; the mail is rendered from it at send time.
 */
export const notificationOutbox = pgTable(
  'notification_outbox',
  {
    id: entityId(),
    /** Template key, e.g. `order.placed` or `order.cancelled_by_buyer`. */
    kind: requiredText('kind'),
    recipientUid: requiredText('recipient_uid'),
    recipientEmail: requiredText('recipient_email'),
    payload: jsonb('payload').notNull(),
    /** pending -> sending (claimed) -> sent | failed | skipped (the recipient turned order emails off). */
    status: requiredText('status').default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** Pending: not before this time (backoff). Sending: the claim's lease ends then. */
    availableAt: stampedAt('available_at'),
    lastError: text('last_error'),
    createdAt: stampedAt('created_at'),
    sentAt: timestamptz('sent_at'),
  },
  (t) => [
    check(
      'notification_outbox_status',
      sql`${t.status} in ('pending', 'sending', 'sent', 'failed', 'skipped')`,
    ),
    // The worker's claim reads only the rows still to do, oldest due first.
    index('notification_outbox_due_idx')
      .on(t.availableAt)
      .where(sql`${t.status} in ('pending', 'sending')`),
  ],
);

/** Per-user preferences; no row means the defaults (order and low-stock emails on). */
export const userSettings = pgTable('user_settings', {
  uid: text('uid').primaryKey(),
  emailNotifications: boolean('email_notifications').notNull().default(true),
  /** Low-stock emails (a product of theirs fell below its threshold). */
  lowStockEmails: boolean('low_stock_emails').notNull().default(true),
  /** The supplier's business details, copied into each invoice and credit note at issue (never read later). */
  legalName: text('legal_name'),
  billingAddress: text('billing_address'),
  taxId: text('tax_id'),
  updatedAt: stampedAt('updated_at'),
});

export type OutboxRow = typeof notificationOutbox.$inferSelect;

/**
 * What Firebase last vouched for about each user's email, written on every POST /jwt exchange (decision
 * 0019). The outbox reads it at send time, when no token is at hand; the desk and the CSV read it to mark
 * an unverified buyer. `email` is the address that was verified: a row only vouches for that address.
 */
export const accounts = pgTable('accounts', {
  uid: text('uid').primaryKey(),
  email: requiredText('email'),
  emailVerified: boolean('email_verified').notNull().default(false),
  updatedAt: stampedAt('updated_at'),
});
