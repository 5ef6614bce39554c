import { bigint, customType, index, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { bigNumber, categoryColumns, partyColumns, requiredText, rollupKey } from './columns';

/*
 * Insights rollups (docs/decisions/0021-insights-rollups.md): per supplier and UTC day of placement, kept
 * exact by a deferred trigger on cart_items in the same transaction as every order change (migration
 * 0019). Never a second source of truth: each can be rebuilt from cart_items (the migration's backfill).
 * Money in cents.
 */
const rollupCounts = () => ({
  orders: integer('orders').notNull().default(0),
  revenueCents: bigNumber('revenue_cents').default(0),
  units: bigNumber('units').default(0),
});

/** One row per supplier and day: the orders not cancelled, the cancellations, the shipments. */
export const insightsDaily = pgTable(
  'insights_daily',
  {
    ...rollupKey('day'),
    ...rollupCounts(),
    cancelledByBuyer: integer('cancelled_by_buyer').notNull().default(0),
    cancelledBySupplier: integer('cancelled_by_supplier').notNull().default(0),
    shipped: integer('shipped').notNull().default(0),
    shippedFast: integer('shipped_fast').notNull().default(0),
    // Orders placed that day by their status now, cancelled ones included (the "orders by status" chart).
    statusPlaced: integer('status_placed').notNull().default(0),
    statusConfirmed: integer('status_confirmed').notNull().default(0),
    statusShipped: integer('status_shipped').notNull().default(0),
    statusDelivered: integer('status_delivered').notNull().default(0),
    statusCancelled: integer('status_cancelled').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.supplierUid, t.day] })],
);

/** PostgreSQL's `datemultirange` (14+), kept as its text form: only SQL reads it. */
const dateMultirange = customType<{ data: string }>({ dataType: () => 'datemultirange' });

/**
 * The days on which a buyer has orders not cancelled with a supplier, one row per pair: distinct buyers of
 * any range are the rows whose days overlap it, a read of one row per buyer instead of one per buyer-day.
 */
export const insightsBuyerDays = pgTable(
  'insights_buyer_days',
  {
    supplierUid: requiredText('supplier_uid'),
    buyerUid: requiredText('buyer_uid'),
    days: dateMultirange('days').notNull().default('{}'),
  },
  (t) => [primaryKey({ columns: [t.supplierUid, t.buyerUid] })],
);

/**
 * Shipped orders per supplier, day (or month) placed and whole hours from placed to shipped: the median's
 * histogram. The day and month tables have the same columns but the period's.
 */
const shipHours = <P extends 'day' | 'month'>(name: string, period: P) =>
  pgTable(
    name,
    {
      ...rollupKey(period),
      hours: integer('hours').notNull(),
      orders: integer('orders').notNull().default(0),
    },
    (t) => [primaryKey({ columns: [t.supplierUid, t[period], t.hours] })],
  );

export const insightsShipHours = shipHours('insights_ship_hours', 'day');

/** Orders not cancelled per supplier, day and product (the product id and name from the order's snapshot). */
export const insightsProductDaily = pgTable(
  'insights_product_daily',
  {
    ...rollupKey('day'),
    productId: requiredText('product_id'),
    name: requiredText('name'),
    ...rollupCounts(),
  },
  (t) => [
    primaryKey({ columns: [t.supplierUid, t.day, t.productId] }),
    // The inventory's sales rate of a few products over a range.
    index('insights_product_daily_product_idx').on(t.productId, t.day),
  ],
);

/** Orders not cancelled per supplier, day and buyer. */
export const insightsBuyerDaily = pgTable(
  'insights_buyer_daily',
  {
    ...rollupKey('day'),
    ...partyColumns('buyer'),
    ...rollupCounts(),
  },
  (t) => [
    primaryKey({ columns: [t.supplierUid, t.day, t.buyerUid] }),
    // Top buyers: the name and email of each from their latest day in the range.
    index('insights_buyer_daily_buyer_idx').on(t.supplierUid, t.buyerUid, t.day),
  ],
);

/** Orders not cancelled per supplier, day and category (the product's category when bought). */
export const insightsCategoryDaily = pgTable(
  'insights_category_daily',
  {
    ...rollupKey('day'),
    ...categoryColumns(),
    ...rollupCounts(),
  },
  (t) => [primaryKey({ columns: [t.supplierUid, t.day, t.categorySlug] })],
);

/*
 * Month rollups of the three day tables whose rows grow with a supplier's catalogue and buyers (decision
 * 0021, "Month rollups"): a 365-day range reads its whole months here and only its partial months' days
 * from the day tables. Kept by the same trigger, in the same transaction, as the day rows. `month` is the
 * first day of the UTC month.
 */

export const insightsShipHoursMonthly = shipHours('insights_ship_hours_monthly', 'month');

/** Orders not cancelled per supplier, month and product (names stay on the day rows). */
export const insightsProductMonthly = pgTable(
  'insights_product_monthly',
  {
    ...rollupKey('month'),
    productId: requiredText('product_id'),
    ...rollupCounts(),
  },
  (t) => [primaryKey({ columns: [t.supplierUid, t.month, t.productId] })],
);

/**
 * Orders not cancelled per supplier and buyer, by month, in one row per pair, as running totals: the
 * element at index `year * 12 + month - 1` holds the pair's sums up to the end of that month, from its
 * first month (the lower bound) to its last. Any whole-month range is then two elements per buyer.
 */
export const insightsBuyerMonths = pgTable(
  'insights_buyer_months',
  {
    supplierUid: requiredText('supplier_uid'),
    buyerUid: requiredText('buyer_uid'),
    orders: bigint('orders', { mode: 'number' }).array().notNull(),
    revenueCents: bigint('revenue_cents', { mode: 'number' }).array().notNull(),
    units: bigint('units', { mode: 'number' }).array().notNull(),
  },
  (t) => [primaryKey({ columns: [t.supplierUid, t.buyerUid] })],
);
