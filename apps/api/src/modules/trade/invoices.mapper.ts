import {
  NO_BUSINESS_DETAILS,
  type Invoice,
  type InvoiceSnapshot,
  type InvoiceStatus,
  type SellerSnapshot,
} from '@bulkwise/contracts';
import type { InvoiceRow } from '../../db/schema';
import type { CreditNoteRow, PaymentRow } from './invoices.repository';
import { dollars } from './trade.mapper';

export const balanceOf = (row: InvoiceRow) => row.totalCents - row.paidCents - row.creditedCents;

/** Derived, never stored: statusCondition (invoices.repository.ts) is the same rule in SQL. */
export function statusOf(row: InvoiceRow, today: string): InvoiceStatus {
  if (row.voidedAt) return 'void';
  if (balanceOf(row) === 0) return 'paid';
  if (row.dueOn < today) return 'overdue';
  return row.paidCents > 0 ? 'partially_paid' : 'open';
}

/** Invoices issued before sellers had business details (migration 0025) show them as not set. */
const sellerOf = (seller: unknown): SellerSnapshot => ({
  ...NO_BUSINESS_DETAILS,
  ...(seller as Omit<SellerSnapshot, keyof typeof NO_BUSINESS_DETAILS>),
});

export function toInvoice(
  row: InvoiceRow,
  today: string,
  payments: PaymentRow[],
  creditNote: CreditNoteRow | undefined,
): Invoice {
  const snapshot = row.snapshot as InvoiceSnapshot;
  return {
    _id: row.id,
    number: row.number,
    orderId: row.orderId,
    accountId: row.accountId,
    status: statusOf(row, today),
    total: dollars(row.totalCents),
    paid: dollars(row.paidCents),
    credited: dollars(row.creditedCents),
    balance: dollars(balanceOf(row)),
    issuedOn: row.issuedOn,
    dueOn: row.dueOn,
    snapshot: { ...snapshot, seller: sellerOf(snapshot.seller) },
    creditNote: creditNote
      ? {
          number: creditNote.number,
          amount: dollars(creditNote.amountCents),
          issuedOn: creditNote.issuedOn,
          seller: sellerOf(creditNote.seller ?? snapshot.seller),
        }
      : null,
    payments: payments.map((p) => ({
      _id: p.id,
      amount: dollars(p.amountCents),
      paidOn: p.paidOn,
      method: p.method,
      reference: p.reference,
    })),
  };
}
