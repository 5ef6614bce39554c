import type { QuoteActor, QuoteStatus, ThreadSubject } from '@bulkwise/contracts';
import { sql } from 'drizzle-orm';
import {
  pgTable,
  primaryKey,
  uniqueIndex,
  index,
  check,
  boolean,
  integer,
  jsonb,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { bigNumber, day, dealParties, entityId, logId, ownerRef, requiredText, timestamptz } from './columns';

/** A request line as the buyer sent it, with the product's name and image when requested. Money in cents. */
export interface QuoteRequestLine {
  productId: string;
  name: string;
  image: string;
  quantity: number;
  targetUnitPriceCents: number | null;
}
/** A priced line of an offer or counter. Money in cents. */
export interface QuotePricedLine {
  productId: string;
  quantity: number;
  unitPriceCents: number;
}

/**
 * A request for quote from one buyer to one supplier (docs/decisions/0023-quotes.md). `status` changes
 * only through the guarded UPDATEs of modules/quotes; an `offered` row past `valid_until` is expired by
 * the clock even before the sweep writes `expired`. `buyer_uid` is the buyer reference a company may own later.
 */
export const quotes = pgTable(
  'quotes',
  {
    id: entityId(),
    ...dealParties(),
    status: text('status').$type<QuoteStatus>().notNull().default('requested'),
    lines: jsonb('lines').$type<QuoteRequestLine[]>().notNull(),
    neededBy: day('needed_by'),
    address: requiredText('address'),
    phone: requiredText('phone'),
    note: text('note'),
    /** The latest version's number (0: only requested) and, for an offer, its end. */
    currentVersion: integer('current_version').notNull().default(0),
    validUntil: timestamptz('valid_until'),
    declinedBy: text('declined_by').$type<QuoteActor>(),
    declineReason: text('decline_reason'),
    orderIds: uuid('order_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    idempotencyKey: text('idempotency_key'),
    /** Set by the one sweep that queued the "expiring in 24 hours" emails of the current offer. */
    expiryWarned: boolean('expiry_warned').notNull().default(false),
    createdAt: timestamptz('created_at').notNull(),
    lastActivityAt: timestamptz('last_activity_at').notNull(),
  },
  (t) => [
    check(
      'quotes_status_known',
      sql`${t.status} in ('requested', 'offered', 'countered', 'accepted', 'declined', 'withdrawn', 'expired')`,
    ),
    check('quotes_offer_has_end', sql`${t.status} <> 'offered' or ${t.validUntil} is not null`),
    uniqueIndex('quotes_buyer_idempotency_key').on(t.buyerUid, t.idempotencyKey),
    // Each side's list, newest activity first, keyset paged.
    index('quotes_buyer_idx').on(t.buyerUid, t.lastActivityAt, t.id),
    index('quotes_supplier_idx').on(t.supplierUid, t.lastActivityAt, t.id),
    // A status tab's page (newest activity first within one stored status).
    index('quotes_buyer_status_activity_idx').on(t.buyerUid, t.status, t.lastActivityAt, t.id),
    index('quotes_supplier_status_activity_idx').on(t.supplierUid, t.status, t.lastActivityAt, t.id),
    // Offers by their end: the clock's part of the counts (lapsed, expiring) and the open-pair limit.
    index('quotes_buyer_status_idx').on(t.buyerUid, t.status, t.validUntil),
    index('quotes_supplier_status_idx').on(t.supplierUid, t.status, t.validUntil),
    // The sweep: offers by their end.
    index('quotes_offered_idx')
      .on(t.validUntil)
      .where(sql`${t.status} = 'offered'`),
  ],
);

/**
 * How many quotes each party has in each stored status, on each side (decision 0023): kept by statement
 * triggers on `quotes` (migration 0024) in the statement that moves a quote, so every writer is counted.
 * The clock's part (an `offered` row past its end is expired; offers ending within 24 hours) is read at
 * list time from the (party, status, valid_until) index.
 */
export const quoteCounts = pgTable(
  'quote_counts',
  {
    partyUid: requiredText('party_uid'),
    side: text('side').$type<QuoteActor>().notNull(),
    status: text('status').$type<QuoteStatus>().notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.partyUid, t.side, t.status] }),
    check('quote_counts_side_known', sql`${t.side} in ('buyer', 'supplier')`),
  ],
);

/** Every offer and counter, immutable and numbered from 1: what accept names. */
export const quoteVersions = pgTable(
  'quote_versions',
  {
    quoteId: ownerRef('quote_id', () => quotes.id),
    number: integer('number').notNull(),
    by: text('by').$type<QuoteActor>().notNull(),
    lines: jsonb('lines').$type<QuotePricedLine[]>().notNull(),
    validUntil: timestamptz('valid_until'),
    note: text('note'),
    at: timestamptz('at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.quoteId, t.number] })],
);

/**
 * One thread per quote or order, between its two parties (resolved by the subject's module when the
 * thread is first used). Read markers and the per-recipient email throttle live on the thread.
 */
export const messageThreads = pgTable(
  'message_threads',
  {
    id: entityId(),
    subjectType: text('subject_type').$type<ThreadSubject>().notNull(),
    subjectId: uuid('subject_id').notNull(),
    buyerUid: requiredText('buyer_uid'),
    supplierUid: requiredText('supplier_uid'),
    buyerReadId: bigNumber('buyer_read_id').default(0),
    supplierReadId: bigNumber('supplier_read_id').default(0),
    buyerEmailedAt: timestamptz('buyer_emailed_at'),
    supplierEmailedAt: timestamptz('supplier_emailed_at'),
  },
  (t) => [
    check('message_threads_subject_known', sql`${t.subjectType} in ('quote', 'order')`),
    uniqueIndex('message_threads_subject_key').on(t.subjectType, t.subjectId),
    index('message_threads_buyer_idx').on(t.buyerUid),
    index('message_threads_supplier_idx').on(t.supplierUid),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: logId(),
    threadId: ownerRef('thread_id', () => messageThreads.id),
    from: text('from_party').$type<QuoteActor>().notNull(),
    authorUid: requiredText('author_uid'),
    text: requiredText('text'),
    at: timestamptz('at').notNull(),
  },
  (t) => [
    index('messages_thread_idx').on(t.threadId, t.id),
    // Messages per minute of one author (the rate limit).
    index('messages_author_idx').on(t.authorUid, t.at),
  ],
);

export type QuoteRow = typeof quotes.$inferSelect;
export type QuoteVersionRow = typeof quoteVersions.$inferSelect;
export type MessageThreadRow = typeof messageThreads.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;
