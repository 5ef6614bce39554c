import type { InsightsInterval } from '@bulkwise/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { periods } from './insights.periods';
import { buyers, categories, topProducts } from './insights.rankings';
import { n, rows, type DayRange } from './insights.sql';

/** Every interval of the range, zeros included; a first partial week or month starts at `from`. */
async function timeseries(db: Db, supplierUid: string, range: DayRange, interval: InsightsInterval) {
  const found = await rows<Record<string, unknown>>(
    db,
    sql`
    with days as (
      select d::date as day from generate_series(${range.from}::date, ${range.to}::date, interval '1 day') d
    )
    select to_char(greatest(date_trunc(${interval}, days.day)::date, ${range.from}::date), 'YYYY-MM-DD') as start,
      coalesce(sum(i.orders), 0) as orders, coalesce(sum(i.revenue_cents), 0) as revenue_cents,
      coalesce(sum(i.units), 0) as units
    from days
    left join insights_daily i on i.supplier_uid = ${supplierUid} and i.day = days.day
    group by 1 order by 1`,
  );
  return found.map((r) => ({
    start: String(r.start),
    revenueCents: n(r.revenue_cents),
    orders: n(r.orders),
    units: n(r.units),
  }));
}

/** The supplier's open invoices on `today` (issue #25's table): balances, overdue, aging by days since issue. */
async function receivables(db: Db, supplierUid: string, today: string) {
  const [r] = await rows<Record<string, unknown>>(
    db,
    sql`
    with issued as (
      select total_cents - paid_cents - credited_cents as balance, due_on < ${today}::date as overdue,
        ${today}::date - issued_on as age
      from invoices where supplier_uid = ${supplierUid} and voided_at is null
    )
    select count(*) as invoices,
      coalesce(sum(balance) filter (where balance > 0), 0) as outstanding,
      coalesce(sum(balance) filter (where balance > 0 and overdue), 0) as overdue,
      count(*) filter (where balance > 0) as open_invoices,
      count(*) filter (where balance > 0 and overdue) as overdue_invoices,
      coalesce(sum(balance) filter (where balance > 0 and age <= 30), 0) as current,
      coalesce(sum(balance) filter (where balance > 0 and age > 30 and age <= 60), 0) as days31to60,
      coalesce(sum(balance) filter (where balance > 0 and age > 60 and age <= 90), 0) as days61to90,
      coalesce(sum(balance) filter (where balance > 0 and age > 90), 0) as over90
    from issued`,
  );
  return {
    invoices: n(r!.invoices),
    outstandingCents: n(r!.outstanding),
    overdueCents: n(r!.overdue),
    openInvoices: n(r!.open_invoices),
    overdueInvoices: n(r!.overdue_invoices),
    agingCents: {
      current: n(r!.current),
      days31to60: n(r!.days31to60),
      days61to90: n(r!.days61to90),
      over90: n(r!.over90),
    },
  };
}

/**
 * The supplier's products below their low-stock threshold (default: the minimum order) or below
 * their minimum order, with the units sold in the range (orders not cancelled).
 */
async function lowStock(db: Db, supplierUid: string, range: DayRange) {
  const found = await rows<Record<string, unknown>>(
    db,
    sql`
    select p.id, p.name, p.sku, p.main_quantity, p.min_selling_quantity,
      coalesce(p.low_stock_threshold, p.min_selling_quantity) as threshold,
      coalesce((select sum(s.units) from insights_product_daily s
        where s.product_id = p.id::text and s.supplier_uid = ${supplierUid}
          and s.day between ${range.from}::date and ${range.to}::date), 0) as units
    from products p
    where p.owner_uid = ${supplierUid}
      and (p.main_quantity < coalesce(p.low_stock_threshold, p.min_selling_quantity)
        or p.main_quantity < p.min_selling_quantity)
    order by p.main_quantity < p.min_selling_quantity desc, p.name, p.id`,
  );
  return found.map((r) => ({
    productId: String(r.id),
    name: String(r.name),
    sku: r.sku === null ? null : String(r.sku),
    stock: n(r.main_quantity),
    minimumOrder: n(r.min_selling_quantity),
    lowStockThreshold: n(r.threshold),
    units: n(r.units),
  }));
}

/**
 * Reads of the insights rollups (migration 0019): per supplier and UTC day, kept exact by the deferred
 * cart_items trigger in the transaction of each order change. A 365-day range reads at most 365 rows per
 * supplier for the figures and the series; ship hours, products and buyers read the month rows of its whole
 * months (migration 0023) and the day rows of the rest; categories read their day rows.
 */
export function createInsightsRepository(db: Db) {
  const on =
    <A extends unknown[], R>(query: (db: Db, ...args: A) => R) =>
    (...args: A) =>
      query(db, ...args);
  return {
    periods: on(periods),
    timeseries: on(timeseries),
    topProducts: on(topProducts),
    categories: on(categories),
    buyers: on(buyers),
    receivables: on(receivables),
    lowStock: on(lowStock),
  };
}
export type InsightsRepository = ReturnType<typeof createInsightsRepository>;
