import type { TradeAccount } from '@bulkwise/contracts';
import type { TradeAccountRow } from '../../db/schema';
import type { AccountFigures, HistoryRow } from './trade.repository';

export const dollars = (cents: number) => cents / 100;
export const cents = (dollarsValue: number) => Math.round(dollarsValue * 100);
/** The UTC calendar day of `at` (the unit of issue, due and payment dates). */
export const dayOf = (at: Date) => at.toISOString().slice(0, 10);

const NO_FIGURES: AccountFigures = { outstanding: 0, current: 0, days31to60: 0, days61to90: 0, over90: 0 };

export function toTradeAccount(
  row: TradeAccountRow,
  figures: AccountFigures = NO_FIGURES,
  history: HistoryRow[] = [],
): TradeAccount {
  const available = row.terms === 'net' ? Math.max(row.creditLimitCents - figures.outstanding, 0) : null;
  return {
    _id: row.id,
    supplierId: row.supplierUid,
    supplierName: row.supplierName,
    buyer: { name: row.buyerName, email: row.buyerEmail },
    terms: row.terms,
    netDays: row.netDays,
    creditLimit: dollars(row.creditLimitCents),
    outstanding: dollars(figures.outstanding),
    available: available === null ? null : dollars(available),
    status: row.status,
    companyName: row.companyName,
    taxId: row.taxId,
    billingAddress: row.billingAddress,
    note: row.note,
    aging: {
      current: dollars(figures.current),
      days31to60: dollars(figures.days31to60),
      days61to90: dollars(figures.days61to90),
      over90: dollars(figures.over90),
    },
    history: history.map((h) => ({ action: h.action, by: h.by, reason: h.reason, at: h.at })),
  };
}
