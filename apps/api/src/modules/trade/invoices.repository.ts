import type { InvoiceStatus } from '@bulkwise/contracts';
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { firstWhere } from '../../db/sql';
import { transactional } from '../../db/transactional';
import {
  creditNotes,
  invoicePayments,
  invoiceSettled,
  invoices,
  remittances,
  type InvoiceRow,
} from '../../db/schema';

export type InvoiceListRow = InvoiceRow & { issuedAtCursor: string };
export type PaymentRow = typeof invoicePayments.$inferSelect;
export type CreditNoteRow = typeof creditNotes.$inferSelect;
export type InvoiceCursor = { at: string; id: string };

const ISSUED_AT_EXACT = sql<string>`to_char(${invoices.issuedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
const balance = sql`(${invoices.totalCents} - ${invoices.paidCents} - ${invoices.creditedCents})`;

/**
 * The derived status as a condition, so the list filters in SQL (status is never stored): the indexed
 * `invoiceSettled` expression picks void, paid or balance due; the dates and payments split the last.
 */
export function statusCondition(status: InvoiceStatus, today: string): SQL {
  const settled = invoiceSettled(invoices);
  const due = sql`${settled} = 0`;
  const late = sql`${invoices.dueOn} < ${today}::date`;
  switch (status) {
    case 'void':
      return sql`${settled} = 2`;
    case 'paid':
      return sql`${settled} = 1`;
    case 'overdue':
      return sql`${due} and ${late}`;
    case 'partially_paid':
      return sql`${due} and not ${late} and ${invoices.paidCents} > 0`;
    case 'open':
      return sql`${due} and not ${late} and ${invoices.paidCents} = 0`;
  }
}

/** Invoices: one, an order's, a party's page, an account's open items. */
function invoiceReads(db: Db) {
  return {
    async findById(id: string): Promise<InvoiceRow | undefined> {
      return firstWhere(db, invoices, eq(invoices.id, id));
    },
    async findByOrder(orderId: string): Promise<InvoiceRow | undefined> {
      return firstWhere(db, invoices, eq(invoices.orderId, orderId));
    },
    async lock(id: string): Promise<InvoiceRow | undefined> {
      return firstWhere(db, invoices, eq(invoices.id, id), { lock: true });
    },
    async page(
      party: { uid: string; as: 'buyer' | 'supplier' },
      limit: number,
      today: string,
      status?: InvoiceStatus,
      cursor?: InvoiceCursor,
    ): Promise<{ rows: InvoiceListRow[]; hasMore: boolean }> {
      const conditions = [eq(party.as === 'buyer' ? invoices.buyerUid : invoices.supplierUid, party.uid)];
      if (status) conditions.push(statusCondition(status, today));
      if (cursor)
        conditions.push(
          sql`(${invoices.issuedAt}, ${invoices.id}) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`,
        );
      const rows = await db
        .select({ ...invoicesColumns, issuedAtCursor: ISSUED_AT_EXACT })
        .from(invoices)
        .where(and(...conditions))
        .orderBy(desc(invoices.issuedAt), desc(invoices.id))
        .limit(limit + 1);
      return { rows: rows.slice(0, limit), hasMore: rows.length > limit };
    },
    /** Open items of one account (not void, balance left), oldest first: the statement. */
    async openItems(accountId: string): Promise<InvoiceRow[]> {
      return db
        .select()
        .from(invoices)
        .where(and(eq(invoices.accountId, accountId), sql`${invoices.voidedAt} is null`, sql`${balance} > 0`))
        .orderBy(invoices.issuedOn, invoices.number);
    },
  };
}

/** What settles an invoice: its payments (recorded once per key), credit notes and remittance advice. */
function invoiceMoney(db: Db) {
  return {
    async payments(invoiceIds: string[]): Promise<PaymentRow[]> {
      if (invoiceIds.length === 0) return [];
      return db
        .select()
        .from(invoicePayments)
        .where(inArray(invoicePayments.invoiceId, invoiceIds))
        .orderBy(invoicePayments.recordedAt, invoicePayments.id);
    },
    async creditNotes(invoiceIds: string[]): Promise<CreditNoteRow[]> {
      if (invoiceIds.length === 0) return [];
      return db.select().from(creditNotes).where(inArray(creditNotes.invoiceId, invoiceIds));
    },
    async paymentByKey(recordedBy: string, key: string): Promise<PaymentRow | undefined> {
      return firstWhere(
        db,
        invoicePayments,
        and(eq(invoicePayments.recordedBy, recordedBy), eq(invoicePayments.idempotencyKey, key)),
      );
    },
    async addPayment(row: typeof invoicePayments.$inferInsert): Promise<void> {
      await db.insert(invoicePayments).values(row);
      await db
        .update(invoices)
        .set({ paidCents: sql`${invoices.paidCents} + ${row.amountCents}` })
        .where(eq(invoices.id, row.invoiceId));
    },
    async addRemittance(row: typeof remittances.$inferInsert): Promise<void> {
      await db.insert(remittances).values(row);
    },
  };
}

export function invoiceQueries(db: Db) {
  return { ...invoiceReads(db), ...invoiceMoney(db) };
}

const invoicesColumns = {
  id: invoices.id,
  number: invoices.number,
  accountId: invoices.accountId,
  orderId: invoices.orderId,
  supplierUid: invoices.supplierUid,
  buyerUid: invoices.buyerUid,
  totalCents: invoices.totalCents,
  terms: invoices.terms,
  issuedOn: invoices.issuedOn,
  dueOn: invoices.dueOn,
  snapshot: invoices.snapshot,
  paidCents: invoices.paidCents,
  creditedCents: invoices.creditedCents,
  voidedAt: invoices.voidedAt,
  issuedAt: invoices.issuedAt,
};

export type InvoiceQueries = ReturnType<typeof invoiceQueries>;

export const createInvoicesRepository = (db: Db) => transactional(db, invoiceQueries);
export type InvoicesRepository = ReturnType<typeof createInvoicesRepository>;
