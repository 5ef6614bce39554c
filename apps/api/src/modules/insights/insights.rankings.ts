import type { InsightsTopBy } from '@bulkwise/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { inDays, inMonths, monthIndex, splitByMonth, type MonthSplit } from './month-split';
import { n, rows, type DayRange } from './insights.sql';

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

/**
 * The `top` CTE of a ranking: the sums per `key` (product, buyer) over `parts` (the whole months' rows
 * and the remaining days' rows), keys with orders only, the first `limit` by `order`.
 */
const topSums = (key: 'product_id' | 'buyer_uid', parts: SQL, order: SQL, limit: number) => sql`
    with top as (
      select ${sql.raw(key)}, sum(orders) as orders, sum(revenue_cents) as revenue_cents, sum(units) as units
      from (
        ${parts}
      ) r
      group by ${sql.raw(key)} having sum(orders) > 0
      order by ${order} limit ${limit}
    )`;

/** A ranking's rows: its `top` CTE (topSums), then `names`, the select that joins the names to it. */
const ranked = (db: Db, top: SQL, names: SQL) =>
  rows<Record<string, unknown>>(
    db,
    sql`${top}
    ${names}`,
  );

/** The figures every ranking row has, from their SQL columns. */
const figures = (r: Record<string, unknown>) => ({
  revenueCents: n(r.revenue_cents),
  orders: n(r.orders),
  units: n(r.units),
});

export async function topProducts(
  db: Db,
  supplierUid: string,
  range: DayRange,
  by: InsightsTopBy,
  limit: number,
) {
  const order =
    by === 'units'
      ? sql`units desc, revenue_cents desc, product_id`
      : sql`revenue_cents desc, units desc, product_id`;
  const split = splitByMonth(range);
  // Sums first (whole months from the month rows), then the name of each of the few that made the
  // top: from its latest day row in the range, as the order snapshot had it.
  const sums = sql`select product_id, orders, revenue_cents, units from insights_product_monthly
        where supplier_uid = ${supplierUid} and ${inMonths(split)}
        union all
        select product_id, orders, revenue_cents, units from insights_product_daily
        where supplier_uid = ${supplierUid} and ${inDays(split)}`;
  const found = await ranked(
    db,
    topSums('product_id', sums, order, limit),
    sql`select top.*, latest.name from top cross join lateral (
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
    ...figures(r),
  }));
}

export async function categories(db: Db, supplierUid: string, range: DayRange) {
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
    ...figures(r),
  }));
}

export async function buyers(db: Db, supplierUid: string, range: DayRange, limit: number) {
  const split = splitByMonth(range);
  // Sums per buyer first (narrow rows, no names), then the names of the few that made the top: the
  // latest day's row of each, one index probe apiece.
  const sums = sql`${buyerMonths(supplierUid, split)}
        union all
        select buyer_uid, orders, revenue_cents, units from insights_buyer_daily
        where supplier_uid = ${supplierUid} and ${inDays(split)}`;
  const found = await ranked(
    db,
    topSums('buyer_uid', sums, sql`sum(revenue_cents) desc, buyer_uid`, limit),
    sql`select top.*, latest.buyer_name as name, latest.buyer_email as email
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
    ...figures(r),
  }));
}
