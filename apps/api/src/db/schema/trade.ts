import type { AccountStatus, PaymentTerms } from '@bulkwise/contracts';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  bigNumber,
  day,
  dealParties,
  entityId,
  logId,
  ownerRef,
  requiredText,
  stampedAt,
  timestamptz,
} from './columns';

/*
 * Trade on account (docs/decisions/0022-trade-accounts.md). Money in integer cents throughout.
 * One account per supplier and buyer, created by a trigger on the first order between them (migration
 * 0020); the same trigger locks it and checks the credit limit in the purchase's statement.
 */
export const tradeAccounts = pgTable(
  'trade_accounts',
  {
    id: entityId(),
    ...dealParties(),
    terms: text('terms').$type<PaymentTerms>().notNull().default('prepay'),
    netDays: integer('net_days'),
    creditLimitCents: bigNumber('credit_limit_cents').default(0),
    status: text('status').$type<AccountStatus>().notNull().default('active'),
    /** The buyer's billing details, from their last request for terms (copied into each invoice). */
    companyName: text('company_name'),
    taxId: text('tax_id'),
    billingAddress: text('billing_address'),
    note: text('note'),
    createdAt: stampedAt('created_at'),
    updatedAt: stampedAt('updated_at'),
  },
  (t) => [
    check('trade_accounts_terms', sql`${t.terms} in ('prepay', 'net')`),
    check('trade_accounts_status', sql`${t.status} in ('requested', 'active', 'on_hold', 'declined')`),
    check('trade_accounts_net_days', sql`(${t.terms} = 'net') = (${t.netDays} is not null)`),
    check('trade_accounts_limit', sql`${t.creditLimitCents} >= 0`),
    uniqueIndex('trade_accounts_pair_key').on(t.supplierUid, t.buyerUid),
    index('trade_accounts_buyer_idx').on(t.buyerUid),
  ],
);

/** Every change of an account's terms or state, with who made it and why. */
export const tradeAccountHistory = pgTable(
  'trade_account_history',
  {
    id: logId(),
    accountId: ownerRef('account_id', () => tradeAccounts.id),
    action: requiredText('action'),
    by: requiredText('by'),
    reason: text('reason'),
    details: jsonb('details'),
    at: stampedAt('at'),
  },
  (t) => [index('trade_account_history_account_idx').on(t.accountId, t.id)],
);

/** The last number used per supplier, year and series: taken with a row lock in the issuing transaction. */
export const documentCounters = pgTable(
  'document_counters',
  {
    supplierUid: requiredText('supplier_uid'),
    year: integer('year').notNull(),
    series: requiredText('series'),
    last: integer('last').notNull(),
  },
  (t) => [primaryKey({ columns: [t.supplierUid, t.year, t.series] })],
);

/**
 * The part of an invoice's derived status that does not depend on today: 0 balance due (open, partially
 * paid or overdue), 1 paid, 2 void. Indexed per party, so a status tab reads only its own rows; the list's
 * status condition (invoices.repository.ts) uses this very expression, or the planner cannot match it.
 */
export const invoiceSettled = (t: {
  voidedAt: AnyPgColumn;
  totalCents: AnyPgColumn;
  paidCents: AnyPgColumn;
  creditedCents: AnyPgColumn;
}) =>
  sql<number>`(case when ${t.voidedAt} is not null then 2 when ${t.totalCents} - ${t.paidCents} - ${t.creditedCents} = 0 then 1 else 0 end)`;

/**
 * An invoice: number, dates and snapshot never change (a trigger refuses it). `paid_cents` and
 * `credited_cents` are the sums of its payments and credit note, kept in their transactions so that the
 * list can filter by the derived status without summing per row.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: entityId(),
    number: requiredText('number').unique(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => tradeAccounts.id),
    orderId: uuid('order_id').notNull().unique(),
    supplierUid: requiredText('supplier_uid'),
    buyerUid: requiredText('buyer_uid'),
    totalCents: bigNumber('total_cents'),
    terms: text('terms').$type<PaymentTerms>().notNull(),
    issuedOn: day('issued_on'),
    dueOn: day('due_on'),
    snapshot: jsonb('snapshot').notNull(),
    paidCents: bigNumber('paid_cents').default(0),
    creditedCents: bigNumber('credited_cents').default(0),
    /** Set with the credit note: the invoice is void from then on. */
    voidedAt: timestamptz('voided_at'),
    issuedAt: stampedAt('issued_at'),
  },
  (t) => [
    check(
      'invoices_balance',
      sql`${t.paidCents} >= 0 and ${t.creditedCents} >= 0 and ${t.paidCents} + ${t.creditedCents} <= ${t.totalCents}`,
    ),
    index('invoices_supplier_idx').on(t.supplierUid, t.issuedAt, t.id),
    index('invoices_buyer_idx').on(t.buyerUid, t.issuedAt, t.id),
    // due_on last: the Overdue tab's date test is checked on the index entry, not on the row it points to.
    index('invoices_supplier_settled_idx').on(t.supplierUid, invoiceSettled(t), t.issuedAt, t.id, t.dueOn),
    index('invoices_buyer_settled_idx').on(t.buyerUid, invoiceSettled(t), t.issuedAt, t.id, t.dueOn),
    index('invoices_account_idx').on(t.accountId),
    // The credit check's open balances and overdue test (migration 0025): only the account's unpaid invoices.
    index('invoices_account_open_idx')
      .on(t.accountId, t.dueOn)
      .where(sql`${t.voidedAt} is null and ${t.paidCents} + ${t.creditedCents} < ${t.totalCents}`),
  ],
);

/** The invoice a credit note, payment, remittance or reminder belongs to. */
const invoiceRef = () =>
  uuid('invoice_id')
    .notNull()
    .references(() => invoices.id);

export const creditNotes = pgTable('credit_notes', {
  id: entityId(),
  number: requiredText('number').unique(),
  invoiceId: invoiceRef().unique(),
  amountCents: bigNumber('amount_cents'),
  issuedOn: day('issued_on'),
  reason: text('reason'),
  /** The seller's details when the credit note was issued (migration 0025; earlier rows: the invoice's). */
  seller: jsonb('seller'),
  issuedAt: stampedAt('issued_at'),
});

export const invoicePayments = pgTable(
  'invoice_payments',
  {
    id: entityId(),
    invoiceId: invoiceRef(),
    amountCents: bigNumber('amount_cents'),
    paidOn: day('paid_on'),
    method: requiredText('method'),
    reference: text('reference'),
    recordedBy: requiredText('recorded_by'),
    idempotencyKey: text('idempotency_key'),
    recordedAt: stampedAt('recorded_at'),
  },
  (t) => [
    check('invoice_payments_positive', sql`${t.amountCents} > 0`),
    uniqueIndex('invoice_payments_idempotency_key').on(t.recordedBy, t.idempotencyKey),
    index('invoice_payments_invoice_idx').on(t.invoiceId),
  ],
);

/** The buyer's word that they paid: notifies the supplier, changes no balance. */
export const remittances = pgTable(
  'remittances',
  {
    id: entityId(),
    invoiceId: invoiceRef(),
    amountCents: bigNumber('amount_cents'),
    reference: requiredText('reference'),
    sentAt: stampedAt('sent_at'),
  },
  (t) => [index('remittances_invoice_idx').on(t.invoiceId)],
);

/** Reminders sent (due soon, overdue): the primary key makes each one once, whatever the instances. */
export const invoiceReminders = pgTable(
  'invoice_reminders',
  {
    invoiceId: invoiceRef(),
    kind: requiredText('kind'),
    at: stampedAt('at'),
  },
  (t) => [primaryKey({ columns: [t.invoiceId, t.kind] })],
);

export type TradeAccountRow = typeof tradeAccounts.$inferSelect;
export type InvoiceRow = typeof invoices.$inferSelect;
