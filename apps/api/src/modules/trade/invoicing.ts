import { createHash } from 'node:crypto';
import { formatUsd, type InvoiceSnapshot, type OrderStatus, type SellerSnapshot } from '@bulkwise/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  creditNotes,
  documentCounters,
  invoices,
  tradeAccounts,
  type CartItemRow,
  type InvoiceRow,
  type TradeAccountRow,
} from '../../db/schema';
import { enqueueTradeMail } from '../notifications/trade-mail';
import { businessDetailsOf } from '../settings/settings.repository';
import { dayOf } from './trade.mapper';

/** A short, stable code per supplier for document numbers (the uid itself may be long). */
export const supplierCode = (uid: string) =>
  createHash('sha256').update(uid).digest('hex').slice(0, 6).toUpperCase();

export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return dayOf(d);
}

/**
 * The next number of a series, from its counter row in the caller's transaction: the row lock makes
 * concurrent issuers take turns, and a rollback gives the number back, so numbers have no gaps.
 */
async function nextNumber(tx: Db, supplierUid: string, year: number, series: 'invoice' | 'credit') {
  const [row] = await tx
    .insert(documentCounters)
    .values({ supplierUid, year, series, last: 1 })
    .onConflictDoUpdate({
      target: [documentCounters.supplierUid, documentCounters.year, documentCounters.series],
      set: { last: sql`${documentCounters.last} + 1` },
    })
    .returning({ last: documentCounters.last });
  const seq = String(row!.last).padStart(6, '0');
  const code = supplierCode(supplierUid);
  return series === 'invoice' ? `${code}-${year}-${seq}` : `${code}-CN-${year}-${seq}`;
}

async function accountOf(tx: Db, order: CartItemRow): Promise<TradeAccountRow> {
  const pair = and(
    eq(tradeAccounts.supplierUid, order.supplierUid!),
    eq(tradeAccounts.buyerUid, order.buyerUid),
  );
  // Orders placed before accounts existed have none yet.
  await tx
    .insert(tradeAccounts)
    .values({
      supplierUid: order.supplierUid!,
      supplierName: order.supplierName ?? '',
      supplierEmail: order.supplierEmail ?? '',
      buyerUid: order.buyerUid,
      buyerName: order.buyerName,
      buyerEmail: order.buyerEmail,
    })
    .onConflictDoNothing();
  const [row] = await tx.select().from(tradeAccounts).where(pair);
  return row!;
}

/** The seller as the document shows it: the order's name and email, the business details set now. */
async function sellerOf(
  tx: Db,
  seller: { id: string; name: string; email: string },
): Promise<SellerSnapshot> {
  return { ...seller, ...(await businessDetailsOf(tx, seller.id)) };
}

function snapshotOf(
  order: CartItemRow,
  seller: SellerSnapshot,
  account: TradeAccountRow,
  number: string,
  issuedOn: string,
  dueOn: string,
): InvoiceSnapshot {
  const product = order.productSnapshot as { _id?: string; name?: string; sku?: string | null };
  const unitCents = Math.round(Number(order.unitPrice) * 100);
  const total = (unitCents * order.quantity) / 100;
  return {
    number,
    seller,
    buyer: {
      name: order.buyerName,
      email: order.buyerEmail,
      companyName: account.companyName,
      billingAddress: account.billingAddress,
      taxId: account.taxId,
    },
    line: {
      productId: product._id ?? order.productId,
      name: product.name ?? '',
      sku: product.sku ?? null,
      quantity: order.quantity,
      unitPrice: unitCents / 100,
      total,
    },
    total,
    terms: order.paymentTerms,
    netDays: order.netDays,
    issuedOn,
    dueOn,
    poNumber: order.poNumber,
    orderId: order.id,
  };
}

async function issue(tx: Db, order: CartItemRow, today: string): Promise<boolean> {
  if (
    !order.supplierUid ||
    (await tx.select({ id: invoices.id }).from(invoices).where(eq(invoices.orderId, order.id))).length > 0
  )
    return false;
  const account = await accountOf(tx, order);
  const dueOn = order.paymentTerms === 'net' ? addDays(today, order.netDays ?? 0) : today;
  const number = await nextNumber(tx, order.supplierUid, Number(today.slice(0, 4)), 'invoice');
  const seller = await sellerOf(tx, {
    id: order.supplierUid,
    name: order.supplierName ?? '',
    email: order.supplierEmail ?? '',
  });
  const snapshot = snapshotOf(order, seller, account, number, today, dueOn);
  const [row] = await tx
    .insert(invoices)
    .values({
      number,
      accountId: account.id,
      orderId: order.id,
      supplierUid: order.supplierUid,
      buyerUid: order.buyerUid,
      totalCents: Math.round(snapshot.total * 100),
      terms: order.paymentTerms,
      issuedOn: today,
      dueOn,
      snapshot,
    })
    .returning({ id: invoices.id });
  await enqueueTradeMail(
    tx,
    'trade.invoice_issued',
    { uid: order.buyerUid, email: order.buyerEmail },
    {
      greeting: order.buyerName,
      subject: `Invoice ${number} from ${snapshot.seller.name}: ${formatUsd(snapshot.total)} due ${dueOn}`,
      lead: `${snapshot.seller.name} issued invoice ${number} for ${snapshot.line.name}.`,
      facts: [
        ['Invoice', number],
        ['Total', formatUsd(snapshot.total)],
        ['Due', dueOn],
        ...(order.poNumber ? ([['PO number', order.poNumber]] as Array<[string, string]>) : []),
      ],
      link: { label: 'Open the invoice', path: `/invoices?id=${row!.id}` },
    },
  );
  return true;
}

/** A cancelled order's invoice: a credit note for what is left, which voids it. */
async function credit(tx: Db, order: CartItemRow, today: string): Promise<boolean> {
  const [invoice] = await tx.select().from(invoices).where(eq(invoices.orderId, order.id)).for('update');
  if (!invoice || invoice.voidedAt) return false;
  const amount = invoice.totalCents - invoice.paidCents - invoice.creditedCents;
  const number = await nextNumber(tx, invoice.supplierUid, Number(today.slice(0, 4)), 'credit');
  const { id, name, email } = (invoice.snapshot as InvoiceSnapshot).seller;
  await tx.insert(creditNotes).values({
    seller: await sellerOf(tx, { id, name, email }),
    number,
    invoiceId: invoice.id,
    amountCents: amount,
    issuedOn: today,
    reason: order.cancelReason,
  });
  await tx
    .update(invoices)
    .set({ creditedCents: sql`${invoices.creditedCents} + ${amount}`, voidedAt: sql`now()` })
    .where(eq(invoices.id, invoice.id));
  return true;
}

/**
 * Called by the orders service inside each order move's transaction: prepay invoices are issued on
 * confirm (or on ship, when the supplier ships without confirming), net invoices on ship; a cancel
 * issues the credit note. The order row is locked by the move, so one order never gets two invoices.
 * Answers whether it wrote an invoice or a credit note (the caller then drops the parties' cached lists).
 */
export function createInvoicing(deps: { clock: () => Date }) {
  return {
    async onOrderMoved(tx: Db, order: CartItemRow, to: OrderStatus): Promise<boolean> {
      const today = dayOf(deps.clock());
      if (to === 'cancelled') return credit(tx, order, today);
      if (to === 'shipped' || (to === 'confirmed' && order.paymentTerms === 'prepay'))
        return issue(tx, order, today);
      return false;
    },
  };
}
export type Invoicing = ReturnType<typeof createInvoicing>;
export type { InvoiceRow };
