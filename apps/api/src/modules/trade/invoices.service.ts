import {
  INVOICE_PAGE_DEFAULT_LIMIT,
  TRADE_MESSAGES,
  formatUsd,
  type Invoice,
  type InvoiceListQuery,
  type InvoicePage,
  type PaymentBody,
  type RemittanceBody,
} from '@bulkwise/contracts';
import type { InvoiceRow } from '../../db/schema';
import { AppError, forbidden, notFound } from '../../errors';
import { isUuid } from '../../ids';
import type { AuthUser } from '../auth/tokens';
import { enqueueTradeMail } from '../notifications/trade-mail';
import { decodeOrderCursor } from '../orders/orders.cursor';
import { encodeCursor } from '../../lib/paging/cursor';
import { balanceOf, toInvoice } from './invoices.mapper';
import type { InvalidateInvoices } from './invoices.cache';
import type { InvoicesRepository } from './invoices.repository';
import { cents, dayOf, dollars } from './trade.mapper';

const money = (amountCents: number) => formatUsd(dollars(amountCents));

type Tx = Parameters<Parameters<InvoicesRepository['transaction']>[0]>[1];

async function presentInvoices(
  repository: InvoicesRepository,
  rows: InvoiceRow[],
  day: string,
): Promise<Invoice[]> {
  const ids = rows.map((r) => r.id);
  const [payments, notes] = await Promise.all([repository.payments(ids), repository.creditNotes(ids)]);
  return rows.map((r) =>
    toInvoice(
      r,
      day,
      payments.filter((p) => p.invoiceId === r.id),
      notes.find((n) => n.invoiceId === r.id),
    ),
  );
}

/** The buyer's email about a payment the supplier recorded. */
async function mailPaymentRecorded(tx: Tx, invoice: InvoiceRow, amountCents: number) {
  const id = invoice.id;
  const snapshot = invoice.snapshot as { buyer: { name: string; email: string } };
  await enqueueTradeMail(
    tx,
    'trade.payment_recorded',
    { uid: invoice.buyerUid, email: snapshot.buyer.email },
    {
      greeting: snapshot.buyer.name,
      subject: `Payment of ${money(amountCents)} recorded on invoice ${invoice.number}`,
      lead: `Your payment on invoice ${invoice.number} was recorded.`,
      facts: [
        ['Invoice', invoice.number],
        ['Amount', money(amountCents)],
        ['Balance left', money(balanceOf(invoice) - amountCents)],
      ],
      link: { label: 'Open your invoices', path: `/invoices?id=${id}` },
    },
  );
}

/** The supplier's email about the buyer's remittance advice. */
async function mailRemittance(tx: Tx, row: InvoiceRow, body: RemittanceBody) {
  const id = row.id;
  const snapshot = row.snapshot as { seller: { name: string; email: string }; buyer: { name: string } };
  await enqueueTradeMail(
    tx,
    'trade.remittance',
    { uid: row.supplierUid, email: snapshot.seller.email },
    {
      greeting: snapshot.seller.name,
      subject: `${snapshot.buyer.name} says they paid ${formatUsd(body.amount)} on invoice ${row.number}`,
      lead: `${snapshot.buyer.name} sent remittance advice. Record the payment once it arrives.`,
      facts: [
        ['Invoice', row.number],
        ['Amount', formatUsd(body.amount)],
        ['Reference', body.reference],
      ],
      link: { label: 'Open your invoices', path: `/supplier-invoices?id=${id}` },
    },
  );
}

/** The payment under the invoice's row lock (see recordPayment); the invoice as it now is. */
function paymentInTransaction(
  repository: InvoicesRepository,
  user: AuthUser,
  id: string,
  body: PaymentBody,
  key: string | undefined,
): Promise<InvoiceRow> {
  const amountCents = cents(body.amount);
  return repository.transaction(async (q, tx) => {
    const invoice = (await q.lock(id))!;
    if (key) {
      const earlier = await q.paymentByKey(user.uid, key);
      if (earlier) {
        if (earlier.invoiceId !== id || earlier.amountCents !== amountCents)
          throw new AppError('IDEMPOTENCY_MISMATCH', TRADE_MESSAGES.paymentKeyReused);
        return invoice;
      }
    }
    if (invoice.voidedAt) throw new AppError('CONFLICT', 'This invoice is void: it takes no payments');
    if (amountCents > balanceOf(invoice))
      throw new AppError('CONFLICT', TRADE_MESSAGES.overPayment(dollars(balanceOf(invoice))));
    await q.addPayment({
      invoiceId: id,
      amountCents,
      paidOn: body.paidOn,
      method: body.method,
      reference: body.reference,
      recordedBy: user.uid,
      idempotencyKey: key ?? null,
    });
    await mailPaymentRecorded(tx, invoice, amountCents);
    return (await q.findById(id))!;
  });
}

interface InvoicesServiceDeps {
  repository: InvoicesRepository;
  clock: () => Date;
  /** Orders show their invoice's payment state: a payment drops the supplier's cached desk reads. */
  invalidateOrders?: (supplierUid: string) => void;
  /** A payment drops both parties' cached invoices pages (invoices.cache.ts). */
  invalidateInvoices?: InvalidateInvoices;
}

/** The invoice and the caller's side of it; 404 for anyone who is neither party. */
async function visibleInvoice(repository: InvoicesRepository, user: AuthUser, id: string) {
  const row = isUuid(id) ? await repository.findById(id) : undefined;
  if (row?.supplierUid === user.uid) return { row, party: 'supplier' as const };
  if (row?.buyerUid === user.uid) return { row, party: 'buyer' as const };
  throw notFound('Invoice');
}

export function createInvoicesService(deps: InvoicesServiceDeps) {
  const { repository } = deps;
  const today = () => dayOf(deps.clock());

  const present = (rows: InvoiceRow[], day = today()) => presentInvoices(repository, rows, day);

  const visible = (user: AuthUser, id: string) => visibleInvoice(repository, user, id);

  const one = async (row: InvoiceRow) => (await present([row]))[0]!;

  return {
    visible,
    present,
    /** The day statuses are derived for: a cached page is kept per day, so "overdue" follows the clock. */
    today,
    async get(user: AuthUser, id: string): Promise<Invoice> {
      return one((await visible(user, id)).row);
    },
    async list(user: AuthUser, query: InvoiceListQuery, day = today()): Promise<InvoicePage> {
      const cursor = query.cursor === undefined ? undefined : decodeOrderCursor(query.cursor);
      const limit = query.limit ?? INVOICE_PAGE_DEFAULT_LIMIT;
      const page = await repository.page({ uid: user.uid, as: query.as }, limit, day, query.status, cursor);
      const last = page.rows.at(-1);
      return {
        items: await present(page.rows, day),
        nextCursor: page.hasMore && last ? encodeCursor([last.issuedAtCursor, last.id]) : null,
      };
    },

    /**
     * A payment record, under the invoice's row lock: partial payments add up, more than the balance is
     * refused. The same Idempotency-Key again answers the invoice without recording twice.
     */
    async recordPayment(user: AuthUser, id: string, body: PaymentBody, key?: string): Promise<Invoice> {
      const { party } = await visible(user, id);
      if (party !== 'supplier') throw forbidden('Only the supplier records payments');
      const row = await paymentInTransaction(repository, user, id, body, key);
      deps.invalidateOrders?.(row.supplierUid);
      deps.invalidateInvoices?.(row);
      return one(row);
    },

    /** The buyer's remittance advice: the supplier hears of it; no balance changes. */
    async remit(user: AuthUser, id: string, body: RemittanceBody): Promise<void> {
      const { row, party } = await visible(user, id);
      if (party !== 'buyer') throw forbidden('Only the buyer sends remittance advice');
      await repository.transaction(async (q, tx) => {
        await q.addRemittance({ invoiceId: id, amountCents: cents(body.amount), reference: body.reference });
        await mailRemittance(tx, row, body);
      });
    },
  };
}
export type InvoicesService = ReturnType<typeof createInvoicesService>;
