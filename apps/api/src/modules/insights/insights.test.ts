import type {
  InsightsBuyer,
  InsightsCategory,
  InsightsInventoryItem,
  InsightsPeriod,
  InsightsPoint,
  InsightsSummary,
  InsightsTopProduct,
} from '@bulkwise/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/use-test-app';
import {
  bearer,
  createProduct,
  makeUser,
  moveOrder,
  placeOrder,
  supplierWithProduct,
  updateProduct,
  type TestUser,
} from '../../../test/factories';
import { within } from '../../../test/within';

// Every figure of every insights endpoint is held against the same figure computed by a plain query on
// cart_items (the orders table), over orders generated straight into the table: volume-break and quoted
// unit prices, every status, cancellations by each side, shipments at many delays, purchases near UTC
// midnight and days without any order.
const t = useTestApp();

const get = async (user: TestUser, url: string, app: FastifyInstance = t.app) =>
  app.inject({ method: 'GET', url, headers: await bearer(t, user) });
async function json<T>(user: TestUser, url: string, app?: FastifyInstance): Promise<T> {
  const res = await get(user, url, app);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json() as T;
}
async function query<T>(text: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.database.db.execute(text)) as unknown as { rows: T[] }).rows;
}

const FIRST_DAY = '2026-03-01';
const DAYS = 70;

/**
 * Orders of `supplier` over 70 days from FIRST_DAY: one day in nine has none, every status, unit prices
 * at the list price, at a volume break (90 %) and quoted (an odd price), a sixth of the orders placed
 * late in the UTC evening, shipments after 1 to 99 hours.
 */
async function generateOrders(supplier: TestUser, productIds: string[], buyers: TestUser[], seed: number) {
  await t.database.db.execute(sql`
    insert into cart_items (buyer_uid, buyer_email, buyer_name, product_id, product_snapshot, quantity, unit_price,
      address, phone, updated_quantity, purchased_at, status, supplier_uid, supplier_email, supplier_name,
      cancelled_by, shipped_at)
    select b.uid, b.email, b.name, p.id,
      jsonb_build_object('_id', p.id, 'name', p.name, 'category', p.category, 'categorySlug', p.category_slug),
      q.quantity,
      case when g.i % 5 = 0 then round(p.price * 0.9, 2) when g.i % 7 = 0 then 3.37 else p.price end,
      '1 Quay Street', '+44 117 496 0000', 0, g.at,
      (array['placed', 'confirmed', 'shipped', 'delivered', 'cancelled', 'cancelled'])[g.i % 6 + 1],
      ${supplier.uid}, ${supplier.email}, ${supplier.name},
      case g.i % 6 when 4 then 'buyer' when 5 then 'supplier' end,
      case when g.i % 6 in (2, 3) then g.at + ((g.i * 37 + ${seed}) % 99 + 1) * interval '1 hour'
        + (g.i % 60) * interval '1 minute' end
    from (
      select i, ${FIRST_DAY}::timestamptz + ((i * 13 + ${seed}) % ${DAYS}) * interval '1 day'
        + case when i % 6 = 0 then interval '23 hours 59 minutes' else (i % 20) * interval '1 hour' end as at
      from generate_series(1, 400) i
    ) g
    cross join lateral (select 10 + (g.i * 7 + ${seed}) % 90 as quantity) q
    join lateral (select * from products where id = (${`{${productIds.join(',')}}`}::uuid[])[g.i % ${productIds.length} + 1]) p on true
    join lateral (select * from jsonb_to_record((${JSON.stringify(buyers)}::jsonb)->(g.i % ${buyers.length}))
      as x(uid text, email text, name text)) b on true
    where ((g.i * 13 + ${seed}) % ${DAYS}) % 9 <> 4`);
}

const day = sql`(purchased_at at time zone 'UTC')::date`;
const inRange = (supplier: TestUser, from: string, to: string) =>
  sql`supplier_uid = ${supplier.uid} and ${day} between ${from}::date and ${to}::date`;

/** The summary's figures for one period, straight from cart_items. */
async function expectedPeriod(supplier: TestUser, from: string, to: string): Promise<InsightsPeriod> {
  const [row] = await query<Record<string, string | number | null>>(sql`
    select count(*) filter (where status <> 'cancelled') as orders,
      coalesce(sum(quantity * unit_price) filter (where status <> 'cancelled'), 0) as revenue,
      coalesce(sum(quantity) filter (where status <> 'cancelled'), 0) as units,
      count(distinct buyer_uid) filter (where status <> 'cancelled') as buyers,
      count(*) filter (where cancelled_by = 'buyer') as by_buyer,
      count(*) filter (where cancelled_by = 'supplier') as by_supplier,
      percentile_cont(0.5) within group (order by floor(extract(epoch from shipped_at - purchased_at) / 3600))
        filter (where shipped_at is not null) as median,
      avg(case when shipped_at - purchased_at < interval '48 hours' then 1.0 else 0.0 end)
        filter (where shipped_at is not null) as fast,
      count(*) filter (where status = 'placed') as placed,
      count(*) filter (where status = 'confirmed') as confirmed,
      count(*) filter (where status = 'shipped') as shipped,
      count(*) filter (where status = 'delivered') as delivered,
      count(*) filter (where status = 'cancelled') as cancelled
    from cart_items where ${inRange(supplier, from, to)}`);
  const orders = Number(row!.orders);
  const revenue = Number(row!.revenue);
  return {
    from,
    to,
    revenue,
    orders,
    units: Number(row!.units),
    averageOrderValue: orders === 0 ? 0 : Math.round((revenue * 100) / orders) / 100,
    buyers: Number(row!.buyers),
    cancelledByBuyer: Number(row!.by_buyer),
    cancelledBySupplier: Number(row!.by_supplier),
    medianHoursToShip: row!.median === null ? null : Number(row!.median),
    shippedWithin2Days: row!.fast === null ? null : Number(row!.fast),
    byStatus: {
      placed: Number(row!.placed),
      confirmed: Number(row!.confirmed),
      shipped: Number(row!.shipped),
      delivered: Number(row!.delivered),
      cancelled: Number(row!.cancelled),
    },
  };
}

/** The figures of `expected` (`previous` is compared on its own); the share within floating-point noise. */
function expectSameFigures(actual: InsightsPeriod, expected: InsightsPeriod) {
  const figures = (p: InsightsPeriod) => ({ ...p, previous: undefined, shippedWithin2Days: undefined });
  expect(figures(actual)).toEqual(figures(expected));
  if (expected.shippedWithin2Days === null) expect(actual.shippedWithin2Days).toBeNull();
  else expect(actual.shippedWithin2Days).toBeCloseTo(expected.shippedWithin2Days, 12);
}

async function supplierWithProducts() {
  const supplier = makeUser('supplier');
  const categories = [
    'Industrial Machinery & Tools',
    'Health & Beauty',
    'Industrial Machinery & Tools',
  ] as const;
  const products = [];
  for (let i = 0; i < 12; i++)
    products.push(
      await createProduct(t, supplier, {
        name: `Product ${String(i).padStart(2, '0')}`,
        category: categories[i % categories.length]!,
        price: 4.25 + i * 1.1,
        mainQuantity: 100_000,
      }),
    );
  return { supplier, productIds: products.map((p) => p._id) };
}

describe('insights figures against the orders table', () => {
  let supplier: TestUser;
  let rival: TestUser;
  const buyers = Array.from({ length: 9 }, (_, i) => makeUser(`buyer${i}`));

  beforeAll(async () => {
    const mine = await supplierWithProducts();
    supplier = mine.supplier;
    await generateOrders(supplier, mine.productIds, buyers, 3);
    // Another supplier's orders on the same days: never part of the first one's figures.
    const theirs = await supplierWithProducts();
    rival = theirs.supplier;
    await generateOrders(rival, theirs.productIds, buyers.slice(0, 4), 5);
    // A few of the generated orders move afterwards, as the desk would move them.
    await t.database.db.execute(sql`
      update cart_items set status = 'cancelled', cancelled_by = 'supplier'
      where id in (select id from cart_items where supplier_uid = ${supplier.uid} and status = 'placed' limit 7)`);
    await t.database.db.execute(sql`
      update cart_items set status = 'delivered'
      where id in (select id from cart_items where supplier_uid = ${supplier.uid} and status = 'shipped' limit 5)`);
  });

  const ranges = [
    ['2026-03-01', '2026-05-09'],
    ['2026-03-10', '2026-03-16'],
    ['2026-04-05', '2026-04-05'],
    // Reaches before the first order and after the last: the previous period is empty.
    ['2026-02-01', '2026-06-30'],
  ] as const;

  it('summary: every figure and the previous period equal the plain query', async () => {
    for (const [from, to] of ranges) {
      const summary = await json<InsightsSummary>(supplier, `/api/insights/summary?from=${from}&to=${to}`);
      expectSameFigures(summary, await expectedPeriod(supplier, from, to));
      const length = (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1;
      const prevTo = new Date(Date.parse(from) - 86_400_000).toISOString().slice(0, 10);
      const prevFrom = new Date(Date.parse(from) - length * 86_400_000).toISOString().slice(0, 10);
      expectSameFigures(summary.previous, await expectedPeriod(supplier, prevFrom, prevTo));
    }
    const whole = await json<InsightsSummary>(
      supplier,
      `/api/insights/summary?from=2026-03-01&to=2026-05-09`,
    );
    // The generated data has every kind in it, so the comparison above compared something.
    expect(whole.orders).toBeGreaterThan(100);
    expect(whole.cancelledByBuyer).toBeGreaterThan(10);
    expect(whole.cancelledBySupplier).toBeGreaterThan(10);
    expect(whole.medianHoursToShip).not.toBeNull();
    expect(whole.shippedWithin2Days).toBeGreaterThan(0);
    expect(whole.shippedWithin2Days).toBeLessThan(1);
  });

  it('time series: every day, week or month present, zeros where nothing sold', async () => {
    for (const interval of ['day', 'week', 'month'] as const) {
      for (const [from, to] of ranges) {
        const series = await json<InsightsPoint[]>(
          supplier,
          `/api/insights/timeseries?from=${from}&to=${to}&interval=${interval}`,
        );
        const expected = await query<Record<string, string | number>>(sql`
          with days as (select d::date as day from generate_series(${from}::date, ${to}::date, interval '1 day') d)
          select to_char(greatest(date_trunc(${interval}, days.day)::date, ${from}::date), 'YYYY-MM-DD') as start,
            coalesce(sum(c.quantity * c.unit_price), 0) as revenue, count(c.id) as orders,
            coalesce(sum(c.quantity), 0) as units
          from days left join cart_items c on c.supplier_uid = ${supplier.uid} and c.status <> 'cancelled'
            and (c.purchased_at at time zone 'UTC')::date = days.day
          group by 1 order by 1`);
        expect(series, `${interval} ${from}..${to}`).toEqual(
          expected.map((r) => ({
            start: r.start,
            revenue: Number(r.revenue),
            orders: Number(r.orders),
            units: Number(r.units),
          })),
        );
      }
    }
    const daily = await json<InsightsPoint[]>(
      supplier,
      '/api/insights/timeseries?from=2026-03-01&to=2026-05-09&interval=day',
    );
    expect(daily).toHaveLength(DAYS);
    expect(daily.filter((p) => p.orders === 0).length).toBeGreaterThan(3);
    const weekly = await json<InsightsPoint[]>(
      supplier,
      '/api/insights/timeseries?from=2026-03-04&to=2026-03-31&interval=week',
    );
    // 2026-03-04 is a Wednesday: the first week starts there, the next ones on Mondays.
    expect(weekly.map((p) => p.start)).toEqual([
      '2026-03-04',
      '2026-03-09',
      '2026-03-16',
      '2026-03-23',
      '2026-03-30',
    ]);
  });

  it('top products, categories and buyers equal the plain grouping', async () => {
    for (const [from, to] of ranges) {
      for (const by of ['revenue', 'units'] as const) {
        const top = await json<InsightsTopProduct[]>(
          supplier,
          `/api/insights/top-products?from=${from}&to=${to}&by=${by}`,
        );
        const order =
          by === 'units'
            ? sql`sum(quantity) desc, sum(quantity * unit_price) desc, product_snapshot->>'_id'`
            : sql`sum(quantity * unit_price) desc, sum(quantity) desc, product_snapshot->>'_id'`;
        const expected = await query<Record<string, string | number>>(sql`
          select product_snapshot->>'_id' as id, min(product_snapshot->>'name') as name, count(*) as orders,
            sum(quantity * unit_price) as revenue, sum(quantity) as units
          from cart_items where ${inRange(supplier, from, to)} and status <> 'cancelled'
          group by 1 order by ${order} limit 10`);
        expect(top, `${by} ${from}..${to}`).toEqual(
          expected.map((r) => ({
            productId: r.id,
            name: r.name,
            revenue: Number(r.revenue),
            orders: Number(r.orders),
            units: Number(r.units),
          })),
        );
      }
      const categories = await json<InsightsCategory[]>(
        supplier,
        `/api/insights/categories?from=${from}&to=${to}`,
      );
      const byCategory = await query<Record<string, string | number>>(sql`
        select product_snapshot->>'categorySlug' as slug, min(product_snapshot->>'category') as category,
          count(*) as orders, sum(quantity * unit_price) as revenue, sum(quantity) as units
        from cart_items where ${inRange(supplier, from, to)} and status <> 'cancelled'
        group by 1 order by sum(quantity * unit_price) desc, 1`);
      expect(categories).toEqual(
        byCategory.map((r) => ({
          category: r.category,
          categorySlug: r.slug,
          revenue: Number(r.revenue),
          orders: Number(r.orders),
          units: Number(r.units),
        })),
      );
      const top = await json<InsightsBuyer[]>(supplier, `/api/insights/buyers?from=${from}&to=${to}`);
      const byBuyer = await query<Record<string, string | number>>(sql`
        select buyer_uid, min(buyer_name) as name, min(buyer_email) as email, count(*) as orders,
          sum(quantity * unit_price) as revenue, sum(quantity) as units
        from cart_items where ${inRange(supplier, from, to)} and status <> 'cancelled'
        group by 1 order by sum(quantity * unit_price) desc, 1 limit 10`);
      expect(top).toEqual(
        byBuyer.map((r) => ({
          name: r.name,
          email: r.email,
          revenue: Number(r.revenue),
          orders: Number(r.orders),
          units: Number(r.units),
        })),
      );
    }
  });

  it('the rollups equal a rebuild from the orders table (what the migration backfills)', async () => {
    // Moves after the insert take the trigger's update path: every open order of one buyer cancelled (the
    // days on which that was all they bought leave their days), and the other placed orders confirmed.
    await t.database.db.execute(sql`update cart_items set status = 'cancelled', cancelled_by = 'supplier'
      where buyer_uid = ${buyers[0]!.uid} and status in ('placed', 'confirmed')`);
    await t.database.db.execute(sql`update cart_items set status = 'confirmed' where status = 'placed'
      and buyer_uid = ${buyers[1]!.uid}`);
    // Rows of products, buyers or categories whose orders were all cancelled stay, at zero.
    const compare = async (table: string, rebuild: ReturnType<typeof sql>, kept = sql`orders <> 0`) => {
      const diff = await query<{ n: string }>(sql`
        select count(*) as n from ((select * from ${sql.raw(table)} where ${kept} except ${rebuild})
          union all (${rebuild} except select * from ${sql.raw(table)} where ${kept})) d`);
      expect(Number(diff[0]!.n), table).toBe(0);
      const [rows] = await query<{ n: string }>(sql`select count(*) as n from ${sql.raw(table)}`);
      expect(Number(rows!.n), table).toBeGreaterThan(0);
    };
    const cents = sql`round(quantity * unit_price * 100)::bigint`;
    const live = sql`status <> 'cancelled'`;
    await compare(
      'insights_daily',
      sql`select supplier_uid, ${day}, (count(*) filter (where ${live}))::int,
        coalesce(sum(${cents}) filter (where ${live}), 0)::bigint, coalesce(sum(quantity) filter (where ${live}), 0)::bigint,
        (count(*) filter (where cancelled_by = 'buyer'))::int, (count(*) filter (where cancelled_by = 'supplier'))::int,
        (count(*) filter (where shipped_at is not null))::int,
        (count(*) filter (where shipped_at - purchased_at < interval '48 hours'))::int,
        (count(*) filter (where status = 'placed'))::int, (count(*) filter (where status = 'confirmed'))::int,
        (count(*) filter (where status = 'shipped'))::int, (count(*) filter (where status = 'delivered'))::int,
        (count(*) filter (where status = 'cancelled'))::int
        from cart_items where supplier_uid is not null group by 1, 2`,
      sql`true`,
    );
    await compare(
      'insights_buyer_days',
      sql`select supplier_uid, buyer_uid, range_agg(daterange(${day}, ${day}, '[]'))
        from cart_items where supplier_uid is not null and ${live} group by 1, 2`,
      sql`not isempty(days)`,
    );
    await compare(
      'insights_buyer_daily',
      sql`select supplier_uid, ${day}, buyer_uid, min(buyer_name), min(buyer_email),
        count(*)::int, sum(${cents})::bigint, sum(quantity)::bigint
        from cart_items where supplier_uid is not null and ${live} group by 1, 2, 3`,
    );
    await compare(
      'insights_category_daily',
      sql`select supplier_uid, ${day}, product_snapshot->>'categorySlug', min(product_snapshot->>'category'),
        count(*)::int, sum(${cents})::bigint, sum(quantity)::bigint
        from cart_items where supplier_uid is not null and ${live} group by 1, 2, 3`,
    );
    await compare(
      'insights_product_daily',
      sql`select supplier_uid, ${day}, product_snapshot->>'_id', min(product_snapshot->>'name'),
        count(*)::int, sum(${cents})::bigint, sum(quantity)::bigint
        from cart_items where supplier_uid is not null and status <> 'cancelled' group by 1, 2, 3`,
    );
    await compare(
      'insights_ship_hours',
      sql`select supplier_uid, ${day}, floor(extract(epoch from shipped_at - purchased_at) / 3600)::int, count(*)::int
        from cart_items where supplier_uid is not null and shipped_at is not null group by 1, 2, 3`,
    );
    // The month rows of the three tables that grow with catalogue and buyers (migration 0023).
    const month = sql`date_trunc('month', ${day})::date`;
    await compare(
      'insights_ship_hours_monthly',
      sql`select supplier_uid, ${month}, floor(extract(epoch from shipped_at - purchased_at) / 3600)::int, count(*)::int
        from cart_items where supplier_uid is not null and shipped_at is not null group by 1, 2, 3`,
    );
    await compare(
      'insights_product_monthly',
      sql`select supplier_uid, ${month}, product_snapshot->>'_id', count(*)::int, sum(${cents})::bigint,
        sum(quantity)::bigint from cart_items where supplier_uid is not null and ${live} group by 1, 2, 3`,
    );
    // Each buyer's months as rows: the running totals' steps.
    await compare(
      `(select supplier_uid, make_date(i / 12, i % 12 + 1, 1) as month, buyer_uid,
        (orders[i] - coalesce(orders[i - 1], 0))::int as orders,
        revenue_cents[i] - coalesce(revenue_cents[i - 1], 0), units[i] - coalesce(units[i - 1], 0)
        from insights_buyer_months, generate_subscripts(orders, 1) i) buyer_months`,
      sql`select supplier_uid, ${month}, buyer_uid, count(*)::int, sum(${cents})::bigint, sum(quantity)::bigint
        from cart_items where supplier_uid is not null and ${live} group by 1, 2, 3`,
    );
  });

  it("keeps a buyer's running totals when an order lands before their first month, after their last, or goes", async () => {
    const add = async (array: string, month: number, delta: number) =>
      (
        await query<{ a: string }>(
          sql`select insights_running_add(${array}::bigint[], ${month}, ${delta})::text as a`,
        )
      )[0]!.a;
    expect(await add('{}', 4, 9)).toBe('[4:4]={9}');
    expect(await add('[5:6]={1,3}', 3, 2)).toBe('[3:6]={2,2,3,5}');
    expect(await add('[5:6]={1,3}', 8, 4)).toBe('[5:8]={1,3,3,7}');
    expect(await add('[5:6]={1,3}', 5, -1)).toBe('[5:6]={0,2}');
  });

  it('answers only for the signed-in supplier', async () => {
    const stranger = makeUser('stranger');
    const summary = await json<InsightsSummary>(
      stranger,
      '/api/insights/summary?from=2026-03-01&to=2026-05-09',
    );
    expect(summary.orders).toBe(0);
    expect(summary.revenue).toBe(0);
    expect(summary.medianHoursToShip).toBeNull();
    expect(summary.shippedWithin2Days).toBeNull();
    expect(await json(stranger, '/api/insights/top-products?from=2026-03-01&to=2026-05-09')).toEqual([]);
    const theirs = await json<InsightsSummary>(rival, '/api/insights/summary?from=2026-03-01&to=2026-05-09');
    expectSameFigures(theirs, await expectedPeriod(rival, '2026-03-01', '2026-05-09'));
    const res = await t.app.inject({ method: 'GET', url: '/api/insights/summary' });
    expect(res.statusCode).toBe(401);
  });
});

describe('insights requests', () => {
  it('answers a bad range or interval with a 400 naming the parameter', async () => {
    const supplier = makeUser('supplier');
    for (const [url, field] of [
      ['/api/insights/summary?from=2024-01-01&to=2026-01-02', 'to'],
      ['/api/insights/summary?from=2026-03-02&to=2026-03-01', 'to'],
      ['/api/insights/summary?from=2026-02-30&to=2026-03-01', 'from'],
      ['/api/insights/summary?from=yesterday&to=2026-03-01', 'from'],
      ['/api/insights/summary?from=2026-03-01', 'to'],
      ['/api/insights/timeseries?from=2026-03-01&to=2026-03-31&interval=hour', 'interval'],
      ['/api/insights/top-products?from=2026-03-01&to=2026-03-31&by=profit', 'by'],
      ['/api/insights/buyers?from=2020-03-01&to=2026-03-31', 'to'],
      ['/api/insights/categories?from=2026-04-01&to=2026-03-31', 'to'],
      ['/api/insights/inventory?from=2026-04-01&to=2026-03-31', 'to'],
    ] as const) {
      const res = await get(supplier, url);
      expect(res.statusCode, url).toBe(400);
      const body = res.json() as { code: string; message: string; fields: Record<string, string> };
      expect(body.code).toBe('VALIDATION_FAILED');
      expect(Object.keys(body.fields), url).toEqual([field]);
      expect(body.message, url).toContain(field);
    }
    // Exactly two years (731 days) is allowed.
    expect((await get(supplier, '/api/insights/summary?from=2024-01-01&to=2025-12-31')).statusCode).toBe(200);
  });
});

describe('insights freshness and the purchase path', () => {
  it('shows a purchase, a volume-break price, a cancellation and a shipment in the next read, here and on another instance', async () => {
    const { supplier, product } = await supplierWithProduct(t, {
      name: 'Tiered bolts',
      price: 10,
      priceTiers: [{ minQuantity: 50, price: 8.5 }],
      mainQuantity: 1_000,
      minSellingQuantity: 10,
    });
    const buyer = makeUser('buyer');
    const today = new Date().toISOString().slice(0, 10);
    const url = `/api/insights/summary?from=${today}&to=${today}`;
    const peer = await t.peer();
    const summaryOn = (app: FastifyInstance) => json<InsightsSummary>(supplier, url, app);
    // Both instances have it cached before each change.
    expect((await summaryOn(t.app)).orders).toBe(0);
    expect((await summaryOn(peer)).orders).toBe(0);

    const first = await placeOrder(t, buyer, product._id, 60);
    let here = await summaryOn(t.app);
    expect(here).toMatchObject({ orders: 1, units: 60, revenue: 510, averageOrderValue: 510, buyers: 1 });
    await within(
      5_000,
      () => summaryOn(peer),
      (s) => s.orders === 1,
    );

    const second = await placeOrder(t, buyer, product._id, 10);
    expect((await summaryOn(t.app)).revenue).toBe(610);
    expect((await moveOrder(t, buyer, second, 'cancel')).statusCode).toBe(200);
    here = await summaryOn(t.app);
    expect(here).toMatchObject({ orders: 1, revenue: 510, cancelledByBuyer: 1, cancelledBySupplier: 0 });
    await within(
      5_000,
      () => summaryOn(peer),
      (s) => s.cancelledByBuyer === 1,
    );

    expect((await moveOrder(t, supplier, first, 'ship', {})).statusCode).toBe(200);
    here = await summaryOn(t.app);
    expect(here.medianHoursToShip).toBe(0);
    expect(here.shippedWithin2Days).toBe(1);
    await within(
      5_000,
      () => summaryOn(peer),
      (s) => s.shippedWithin2Days === 1,
    );
    expect(await expectedPeriod(supplier, today, today)).toMatchObject({ orders: 1, revenue: 510 });

    const third = await placeOrder(t, buyer, product._id, 20);
    expect((await moveOrder(t, supplier, third, 'cancel', { reason: 'Out of stock' })).statusCode).toBe(200);
    expect((await summaryOn(t.app)).cancelledBySupplier).toBe(1);
    const [series] = await json<InsightsPoint[]>(
      supplier,
      `/api/insights/timeseries?from=${today}&to=${today}`,
    );
    expect(series).toEqual({ start: today, revenue: 510, orders: 1, units: 60 });
  });

  it('lists products below their minimum order with the days of cover their sales leave', async () => {
    const { supplier, product: low } = await supplierWithProduct(t, {
      name: 'Almost gone',
      mainQuantity: 40,
      minSellingQuantity: 10,
    });
    const buyer = makeUser('buyer');
    await createProduct(t, supplier, { name: 'Plenty', mainQuantity: 1_000, minSellingQuantity: 10 });
    const today = new Date().toISOString().slice(0, 10);
    const url = `/api/insights/inventory?from=${today}&to=${today}`;
    expect(await json(supplier, url)).toEqual([]);
    await placeOrder(t, buyer, low._id, 35);
    const [item, ...rest] = await json<InsightsInventoryItem[]>(supplier, url);
    expect(rest).toEqual([]);
    expect(item).toEqual({
      productId: low._id,
      name: 'Almost gone',
      sku: null,
      stock: 5,
      minimumOrder: 10,
      lowStockThreshold: 10,
      cannotBeBought: true,
      unitsPerDay: 35,
      daysOfCover: 0.1,
    });
  });

  it('shows a stock edit, an import-like script and a purchase in the next inventory read, on every instance', async () => {
    const supplier = makeUser('supplier');
    const buyer = makeUser('buyer');
    const peer = await t.peer();
    const product = await createProduct(t, supplier, { mainQuantity: 500, minSellingQuantity: 10 });
    const today = new Date().toISOString().slice(0, 10);
    const url = `/api/insights/inventory?from=${today}&to=${today}`;
    const stockOn = async (app: FastifyInstance) =>
      (await json<InsightsInventoryItem[]>(supplier, url, app)).map((i) => i.stock);
    // Both instances keep the empty answer.
    expect(await stockOn(t.app)).toEqual([]);
    expect(await stockOn(peer)).toEqual([]);

    // The owner's edit: at once where it was made, by notification on the other.
    const edit = await updateProduct(t, supplier, product._id, { mainQuantity: 8, minSellingQuantity: 10 });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(await stockOn(t.app)).toEqual([8]);
    await within(
      5_000,
      () => stockOn(peer),
      (s) => s.length === 1 && s[0] === 8,
    );

    // A script on the table, as an operator's fix would be: the trigger tells both.
    await t.database.db.execute(sql`update products set main_quantity = 30 where id = ${product._id}::uuid`);
    await within(
      5_000,
      () => stockOn(t.app),
      (s) => s.length === 0,
    );
    await within(
      5_000,
      () => stockOn(peer),
      (s) => s.length === 0,
    );

    // A purchase (its transaction defers the trigger; it publishes the supplier's orders tag).
    await placeOrder(t, buyer, product._id, 25);
    expect(await stockOn(t.app)).toEqual([5]);
    await within(
      5_000,
      () => stockOn(peer),
      (s) => s.length === 1 && s[0] === 5,
    );
  });
});
