import type { InsightsInterval, InsightsTopBy, OrderStatus } from '@bulkwise/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { inDays, inMonths, monthIndex, splitByMonth, type MonthSplit } from './month-split';

/** Days are ISO strings (`YYYY-MM-DD`) both ways: node-postgres would turn a `date` into a local-time Date. */
export interface DayRange {
  from: string;
  to: string;
}

/** One period's figures, money in cents. */
export interface PeriodRow {
  revenueCents: number;
  orders: number;
  units: number;
  buyers: number;
  cancelledByBuyer: number;
  cancelledBySupplier: number;
  shipped: number;
  shippedFast: number;
  medianHoursToShip: number | null;
  byStatus: Record<OrderStatus, number>;
}

export interface AmountsRow {
  revenueCents: number;
  orders: number;
  units: number;
}

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

const n = (v: unknown): number => Number(v ?? 0);

/**
 * Each buyer's sums over the whole months of `split`, one row per buyer of the supplier: the running total
 * at the last month less the one before the first (migration 0023), 0 outside the pair's months.
 */
function buyerMonths(supplierUid: string, split: MonthSplit): SQL {
  if (!split.months)
    return sql`select null::text as buyer_uid, 0 as orders, 0 as revenue_cents, 0 as units where false`;
  const first = monthIndex(split.months.from);
  const last = monthIndex(split.months.to) - 1;
  const upTo = (column: string, month: number) =>
    `(case when ${month} < array_lower(${column}, 1) then 0 else ${column}[least(${month}, array_upper(${column}, 1))] end)`;
  const sum = (column: string) => sql.raw(`${upTo(column, last)} - ${upTo(column, first - 1)}`);
  return sql`select buyer_uid, ${sum('orders')} as orders, ${sum('revenue_cents')} as revenue_cents,
      ${sum('units')} as units
    from insights_buyer_months where supplier_uid = ${supplierUid}`;
}

/** A period's shipment-hours histogram rows, tagged with the period: whole months, then the other days. */
function shipHours(supplierUid: string, range: DayRange, current: boolean): SQL {
  const split = splitByMonth(range);
  return sql`select ${current}::boolean as current, hours, orders from insights_ship_hours_monthly
      where supplier_uid = ${supplierUid} and ${inMonths(split)}
    union all select ${current}::boolean, hours, orders from insights_ship_hours
      where supplier_uid = ${supplierUid} and ${inDays(split)}`;
}

/**
 * Reads of the insights rollups (migration 0019): per supplier and UTC day, kept exact by the deferred
 * cart_items trigger in the transaction of each order change. A 365-day range reads at most 365 rows per
 * supplier for the figures and the series; ship hours, products and buyers read the month rows of its whole
 * months (migration 0023) and the day rows of the rest; categories read their day rows.
 */
export function createInsightsRepository(db: Db) {
  return {
    /** The current period and the previous one in one round trip. */
    async periods(supplierUid: string, current: DayRange, previous: DayRange) {
      type Raw = Record<string, unknown> & { current: boolean };
      const found = await rows<Raw>(
        db,
        sql`
        with days as (
          select day >= ${current.from}::date as current,
            sum(orders) as orders, sum(revenue_cents) as revenue_cents, sum(units) as units,
            sum(cancelled_by_buyer) as cancelled_by_buyer, sum(cancelled_by_supplier) as cancelled_by_supplier,
            sum(shipped) as shipped, sum(shipped_fast) as shipped_fast,
            sum(status_placed) as status_placed, sum(status_confirmed) as status_confirmed,
            sum(status_shipped) as status_shipped, sum(status_delivered) as status_delivered,
            sum(status_cancelled) as status_cancelled
          from insights_daily
          where supplier_uid = ${supplierUid} and day between ${previous.from}::date and ${current.to}::date
          group by 1
        ), buyers as (
          -- One row per buyer of the supplier (its days as a multirange), not one per buyer and day.
          select p.current, count(*) filter (where b.days && p.range) as buyers
          from (values (true, daterange(${current.from}::date, ${current.to}::date, '[]')),
            (false, daterange(${previous.from}::date, ${previous.to}::date, '[]'))) as p(current, range)
          cross join insights_buyer_days b
          where b.supplier_uid = ${supplierUid}
          group by 1
        ), hours as (
          select current, hours, sum(orders) as n from (${shipHours(supplierUid, current, true)}
            union all ${shipHours(supplierUid, previous, false)}) h
          group by 1, 2 having sum(orders) > 0
        ), ranked as (
          select current, hours, sum(n) over (partition by current order by hours) as upto,
            sum(n) over (partition by current) as total
          from hours
        ), median as (
          -- percentile_cont(0.5) over the whole hours of every shipment: the mean of the values at
          -- positions floor((n-1)/2) and floor(n/2) (0-based) of the sorted list, read off the histogram.
          select current,
            (min(hours) filter (where upto >= floor((total - 1) / 2) + 1)
              + min(hours) filter (where upto >= floor(total / 2) + 1)) / 2.0 as median
          from ranked group by current
        )
        select p.current, d.orders, d.revenue_cents, d.units, d.cancelled_by_buyer, d.cancelled_by_supplier,
          d.shipped, d.shipped_fast, d.status_placed, d.status_confirmed, d.status_shipped, d.status_delivered,
          d.status_cancelled, b.buyers, m.median
        from (values (true), (false)) as p(current)
        left join days d on d.current = p.current
        left join buyers b on b.current = p.current
        left join median m on m.current = p.current`,
      );
      const pick = (which: boolean): PeriodRow => {
        const r = found.find((row) => row.current === which) ?? ({} as Raw);
        return {
          revenueCents: n(r.revenue_cents),
          orders: n(r.orders),
          units: n(r.units),
          buyers: n(r.buyers),
          cancelledByBuyer: n(r.cancelled_by_buyer),
          cancelledBySupplier: n(r.cancelled_by_supplier),
          shipped: n(r.shipped),
          shippedFast: n(r.shipped_fast),
          medianHoursToShip: r.median === null || r.median === undefined ? null : Number(r.median),
          byStatus: {
            placed: n(r.status_placed),
            confirmed: n(r.status_confirmed),
            shipped: n(r.status_shipped),
            delivered: n(r.status_delivered),
            cancelled: n(r.status_cancelled),
          },
        };
      };
      return { current: pick(true), previous: pick(false) };
    },

    /** Every interval of the range, zeros included; a first partial week or month starts at `from`. */
    async timeseries(supplierUid: string, range: DayRange, interval: InsightsInterval) {
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
    },

    async topProducts(supplierUid: string, range: DayRange, by: InsightsTopBy, limit: number) {
      const order =
        by === 'units'
          ? sql`units desc, revenue_cents desc, product_id`
          : sql`revenue_cents desc, units desc, product_id`;
      const split = splitByMonth(range);
      // Sums first (whole months from the month rows), then the name of each of the few that made the
      // top: from its latest day row in the range, as the order snapshot had it.
      const found = await rows<Record<string, unknown>>(
        db,
        sql`
        with top as (
          select product_id, sum(orders) as orders, sum(revenue_cents) as revenue_cents, sum(units) as units
          from (
            select product_id, orders, revenue_cents, units from insights_product_monthly
            where supplier_uid = ${supplierUid} and ${inMonths(split)}
            union all
            select product_id, orders, revenue_cents, units from insights_product_daily
            where supplier_uid = ${supplierUid} and ${inDays(split)}
          ) r
          group by product_id having sum(orders) > 0
          order by ${order} limit ${limit}
        )
        select top.*, latest.name from top cross join lateral (
          select name from insights_product_daily d
          where d.product_id = top.product_id and d.supplier_uid = ${supplierUid}
            and d.day between ${range.from}::date and ${range.to}::date
          order by d.day desc limit 1
        ) latest
        order by ${order}`,
      );
      return found.map((r) => ({
        productId: String(r.product_id),
        name: String(r.name),
        revenueCents: n(r.revenue_cents),
        orders: n(r.orders),
        units: n(r.units),
      }));
    },

    async categories(supplierUid: string, range: DayRange) {
      const found = await rows<Record<string, unknown>>(
        db,
        sql`
        select category_slug, (array_agg(category order by day desc))[1] as category,
          sum(orders) as orders, sum(revenue_cents) as revenue_cents, sum(units) as units
        from insights_category_daily
        where supplier_uid = ${supplierUid} and day between ${range.from}::date and ${range.to}::date
        group by category_slug having sum(orders) > 0
        order by sum(revenue_cents) desc, category_slug`,
      );
      return found.map((r) => ({
        categorySlug: String(r.category_slug),
        category: String(r.category),
        revenueCents: n(r.revenue_cents),
        orders: n(r.orders),
        units: n(r.units),
      }));
    },

    async buyers(supplierUid: string, range: DayRange, limit: number) {
      const split = splitByMonth(range);
      // Sums per buyer first (narrow rows, no names), then the names of the few that made the top: the
      // latest day's row of each, one index probe apiece.
      const found = await rows<Record<string, unknown>>(
        db,
        sql`
        with top as (
          select buyer_uid, sum(orders) as orders, sum(revenue_cents) as revenue_cents, sum(units) as units
          from (
            ${buyerMonths(supplierUid, split)}
            union all
            select buyer_uid, orders, revenue_cents, units from insights_buyer_daily
            where supplier_uid = ${supplierUid} and ${inDays(split)}
          ) r
          group by buyer_uid having sum(orders) > 0
          order by sum(revenue_cents) desc, buyer_uid limit ${limit}
        )
        select top.*, latest.buyer_name as name, latest.buyer_email as email
        from top cross join lateral (
          select buyer_name, buyer_email from insights_buyer_daily b
          where b.supplier_uid = ${supplierUid} and b.buyer_uid = top.buyer_uid
            and b.day between ${range.from}::date and ${range.to}::date
          order by b.day desc limit 1
        ) latest
        order by top.revenue_cents desc, top.buyer_uid`,
      );
      return found.map((r) => ({
        name: String(r.name),
        email: String(r.email),
        revenueCents: n(r.revenue_cents),
        orders: n(r.orders),
        units: n(r.units),
      }));
    },

    /** The supplier's open invoices on `today` (issue #25's table): balances, overdue, aging by days since issue. */
    async receivables(supplierUid: string, today: string) {
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
    },

    /**
     * The supplier's products below their low-stock threshold (default: the minimum order) or below
     * their minimum order, with the units sold in the range (orders not cancelled).
     */
    async lowStock(supplierUid: string, range: DayRange) {
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
    },
  };
}
export type InsightsRepository = ReturnType<typeof createInsightsRepository>;
