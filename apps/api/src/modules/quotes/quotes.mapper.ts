import {
  quoteStatusAt,
  quoteTurn,
  type Quote,
  type QuoteActor,
  type QuoteSummary,
  type QuoteVersion,
} from '@bulkwise/contracts';
import type { QuotePricedLine, QuoteRow, QuoteVersionRow } from '../../db/schema';
import type { QuotePageRow } from './quotes.lists';

const dollars = (cents: number) => cents / 100;
const totalCents = (lines: QuotePricedLine[]) =>
  lines.reduce((sum, l) => sum + l.quantity * l.unitPriceCents, 0);

export function toVersion(v: QuoteVersionRow): QuoteVersion {
  return {
    number: v.number,
    by: v.by,
    lines: v.lines.map((l) => ({
      productId: l.productId,
      quantity: l.quantity,
      unitPrice: dollars(l.unitPriceCents),
      total: dollars(l.quantity * l.unitPriceCents),
    })),
    total: dollars(totalCents(v.lines)),
    validUntil: v.validUntil?.toISOString() ?? null,
    note: v.note,
    at: v.at.toISOString(),
  };
}

/** The status and turn as the clock sees them (an offer past its end is expired, and nobody's turn). */
function state(row: QuoteRow, now: Date) {
  const status = quoteStatusAt(row.status, row.validUntil, now);
  return { status, turn: quoteTurn(status) };
}

export function toQuote(row: QuoteRow, versions: QuoteVersionRow[], you: QuoteActor, now: Date): Quote {
  return {
    _id: row.id,
    ...state(row, now),
    supplier: { id: row.supplierUid, name: row.supplierName },
    buyer: { name: row.buyerName, email: row.buyerEmail },
    lines: row.lines.map((l) => ({
      productId: l.productId,
      name: l.name,
      image: l.image,
      quantity: l.quantity,
      targetUnitPrice: l.targetUnitPriceCents === null ? null : dollars(l.targetUnitPriceCents),
    })),
    versions: versions.map(toVersion),
    currentVersion: row.currentVersion,
    you,
    validUntil: row.validUntil?.toISOString() ?? null,
    neededBy: row.neededBy,
    shipping: { address: row.address, phone: row.phone },
    note: row.note,
    declinedBy: row.declinedBy,
    declineReason: row.declineReason,
    orderIds: row.orderIds,
    createdAt: row.createdAt.toISOString(),
    lastActivityAt: row.lastActivityAt.toISOString(),
    now: now.toISOString(),
  };
}

export function toSummary(row: QuotePageRow, you: QuoteActor, now: Date): QuoteSummary {
  return {
    _id: row.id,
    ...state(row, now),
    supplier: { id: row.supplierUid, name: row.supplierName },
    buyer: { name: row.buyerName, email: row.buyerEmail },
    currentVersion: row.currentVersion,
    you,
    validUntil: row.validUntil?.toISOString() ?? null,
    neededBy: row.neededBy,
    createdAt: row.createdAt.toISOString(),
    lastActivityAt: row.lastActivityAt.toISOString(),
    lineCount: row.lines.length,
    total: row.currentLines ? dollars(totalCents(row.currentLines)) : null,
    unread: row.unread,
  };
}

/** What the outbox stores for one quote mail. */
export function quoteMailPayload(
  row: QuoteRow,
  toName: string,
  extra: { lines?: QuotePricedLine[]; reason?: string | null; orderCount?: number } = {},
) {
  return {
    quoteId: row.id,
    toName,
    buyerName: row.buyerName,
    supplierName: row.supplierName,
    lineCount: row.lines.length,
    version: row.currentVersion,
    total: extra.lines ? dollars(totalCents(extra.lines)) : null,
    validUntil: row.validUntil?.toISOString() ?? null,
    reason: extra.reason ?? null,
    orderCount: extra.orderCount ?? 0,
  };
}
