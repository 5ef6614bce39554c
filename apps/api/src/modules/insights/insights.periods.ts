import { sql, type SQL } from 'drizzle-orm';
import type { OrderStatus } from '@bulkwise/contracts';
import type { Db } from '../../db/client';
import { inDays, inMonths, splitByMonth } from './month-split';
import { n, rows, type DayRange } from './insights.sql';

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

/** A period's shipment-hours histogram rows, tagged with the period: whole months, then the other days. */
function shipHours(supplierUid: string, range: DayRange, current: boolean): SQL {
  const split = splitByMonth(range);
  return sql`select ${current}::boolean as current, hours, orders from insights_ship_hours_monthly
      where supplier_uid = ${supplierUid} and ${inMonths(split)}
    union all select ${current}::boolean, hours, orders from insights_ship_hours
      where supplier_uid = ${supplierUid} and ${inDays(split)}`;
}

type Raw = Record<string, unknown> & { current: boolean };

/** The figures of both periods, one row each (`current` true or false). */
function periodsQuery(supplierUid: string, current: DayRange, previous: DayRange): SQL {
  return sql`
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
  left join median m on m.current = p.current`;
}

function periodRowOf(r: Raw): PeriodRow {
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
}

/** The current period and the previous one in one round trip. */
export async function periods(db: Db, supplierUid: string, current: DayRange, previous: DayRange) {
  const found = await rows<Raw>(db, periodsQuery(supplierUid, current, previous));
  const pick = (which: boolean) => periodRowOf(found.find((row) => row.current === which) ?? ({} as Raw));
  return { current: pick(true), previous: pick(false) };
}
