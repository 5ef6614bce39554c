import {
  INSIGHTS_DEFAULT_RANGE_DAYS,
  INSIGHTS_TOP_LIMIT,
  isoDayNumber,
  lastDays,
  previousPeriod,
  type InsightsBuyer,
  type InsightsCategory,
  type InsightsInventoryItem,
  type InsightsPeriod,
  type InsightsPoint,
  type InsightsRangeQuery,
  type InsightsReceivables,
  type InsightsSummary,
  type InsightsTimeseriesQuery,
  type InsightsTopProduct,
  type InsightsTopProductsQuery,
} from '@bulkwise/contracts';
import type { AuthUser } from '../auth/tokens';
import type { OrdersReadCache } from '../orders/orders.cache';
import { inventoryTag } from '../products/products.cache';
import type { InsightsRepository } from './insights.repository';
import type { PeriodRow } from './insights.periods';
import type { DayRange } from './insights.sql';

/** Cents to the dollars the API shows (exact: cents are whole, and below 2^53). */
const dollars = (cents: number) => cents / 100;

function period(range: DayRange, row: PeriodRow): InsightsPeriod {
  return {
    from: range.from,
    to: range.to,
    revenue: dollars(row.revenueCents),
    orders: row.orders,
    units: row.units,
    averageOrderValue: row.orders === 0 ? 0 : dollars(Math.round(row.revenueCents / row.orders)),
    buyers: row.buyers,
    cancelledByBuyer: row.cancelledByBuyer,
    cancelledBySupplier: row.cancelledBySupplier,
    medianHoursToShip: row.medianHoursToShip,
    shippedWithin2Days: row.shipped === 0 ? null : row.shippedFast / row.shipped,
    byStatus: row.byStatus,
  };
}

const amounts = <T extends { revenueCents: number }>({ revenueCents, ...rest }: T) => ({
  ...rest,
  revenue: dollars(revenueCents),
});

type Receivables = Awaited<ReturnType<InsightsRepository['receivables']>>;
type LowStockRow = Awaited<ReturnType<InsightsRepository['lowStock']>>[number];

function receivablesOf(r: Receivables): InsightsReceivables {
  return {
    invoices: r.invoices,
    outstanding: dollars(r.outstandingCents),
    overdue: dollars(r.overdueCents),
    openInvoices: r.openInvoices,
    overdueInvoices: r.overdueInvoices,
    aging: {
      current: dollars(r.agingCents.current),
      days31to60: dollars(r.agingCents.days31to60),
      days61to90: dollars(r.agingCents.days61to90),
      over90: dollars(r.agingCents.over90),
    },
  };
}

/** A low-stock product with its sales pace over the range's `days`. */
function inventoryItemOf({ units, ...item }: LowStockRow, days: number): InsightsInventoryItem {
  const unitsPerDay = units / days;
  return {
    ...item,
    cannotBeBought: item.stock < item.minimumOrder,
    unitsPerDay: Math.round(unitsPerDay * 100) / 100,
    daysOfCover: units === 0 ? null : Math.round((item.stock / unitsPerDay) * 10) / 10,
  };
}

/** The serialised answer of `kind` for this supplier and these arguments, kept until their orders change. */
function keptIn(reads: OrdersReadCache) {
  return <T>(
    kind: string,
    user: AuthUser,
    args: unknown[],
    load: () => Promise<T>,
    alsoTags: readonly string[] = [],
  ) =>
    reads.read(
      JSON.stringify(['insights', kind, user.uid, ...args]),
      user.uid,
      async () => ({ body: JSON.stringify(await load()) }),
      alsoTags,
    );
}

interface Figures {
  repository: InsightsRepository;
  kept: ReturnType<typeof keptIn>;
  rangeOf: (query: InsightsRangeQuery) => DayRange;
  now: () => Date;
}

/** Sales: the period against the previous one, the series, the top products, categories and buyers. */
function salesFigures({ repository, kept, rangeOf }: Figures) {
  return {
    summary(user: AuthUser, query: InsightsRangeQuery) {
      const range = rangeOf(query);
      const before = previousPeriod(range.from, range.to);
      return kept('summary', user, [range], async (): Promise<InsightsSummary> => {
        const { current, previous } = await repository.periods(user.uid, range, before);
        return { ...period(range, current), previous: period(before, previous) };
      });
    },

    timeseries(user: AuthUser, query: InsightsTimeseriesQuery) {
      const range = rangeOf(query);
      const interval = query.interval ?? 'day';
      return kept('timeseries', user, [range, interval], async (): Promise<InsightsPoint[]> =>
        (await repository.timeseries(user.uid, range, interval)).map(amounts),
      );
    },

    topProducts(user: AuthUser, query: InsightsTopProductsQuery) {
      const range = rangeOf(query);
      const by = query.by ?? 'revenue';
      return kept('top-products', user, [range, by], async (): Promise<InsightsTopProduct[]> =>
        (await repository.topProducts(user.uid, range, by, INSIGHTS_TOP_LIMIT)).map(amounts),
      );
    },

    categories(user: AuthUser, query: InsightsRangeQuery) {
      const range = rangeOf(query);
      return kept('categories', user, [range], async (): Promise<InsightsCategory[]> =>
        (await repository.categories(user.uid, range)).map(amounts),
      );
    },

    buyers(user: AuthUser, query: InsightsRangeQuery) {
      const range = rangeOf(query);
      return kept('buyers', user, [range], async (): Promise<InsightsBuyer[]> =>
        (await repository.buyers(user.uid, range, INSIGHTS_TOP_LIMIT)).map(amounts),
      );
    },
  };
}

/** Money owed and stock running low. */
function accountFigures({ repository, kept, rangeOf, now }: Figures) {
  return {
    /**
     * What buyers owe now. Kept under the desk's tag like the rest: an invoice is issued by an order move and
     * a payment drops the supplier's order reads, so both show in the next read; `today` is in the key.
     */
    receivables(user: AuthUser) {
      const today = now().toISOString().slice(0, 10);
      return kept('receivables', user, [today], async (): Promise<InsightsReceivables> => {
        return receivablesOf(await repository.receivables(user.uid, today));
      });
    },

    inventory(user: AuthUser, query: InsightsRangeQuery) {
      const range = rangeOf(query);
      const days = isoDayNumber(range.to) - isoDayNumber(range.from) + 1;
      const load = async (): Promise<InsightsInventoryItem[]> =>
        (await repository.lowStock(user.uid, range)).map((row) => inventoryItemOf(row, days));
      return kept('inventory', user, [range], load, [inventoryTag(user.uid)]);
    },
  };
}

/**
 * A supplier's figures. Every order-derived answer is kept in the desk's read cache under the desk's tag
 * (orders.cache.ts), so a purchase, a move or a script on cart_items drops it exactly when the desk's
 * own reads go, on every instance. The inventory reads stock as well, which also changes without an order
 * (edits, imports), so it is kept under the supplier's inventory tag too (products.cache.ts).
 */
export function createInsightsService(deps: {
  repository: InsightsRepository;
  reads: OrdersReadCache;
  /** Today, for the default range (the last 30 days) and for what is overdue. */
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  const rangeOf = (query: InsightsRangeQuery): DayRange =>
    query.from !== undefined && query.to !== undefined
      ? { from: query.from, to: query.to }
      : lastDays(INSIGHTS_DEFAULT_RANGE_DAYS, now());
  const figures: Figures = { repository: deps.repository, kept: keptIn(deps.reads), rangeOf, now };
  return { ...salesFigures(figures), ...accountFigures(figures) };
}
export type InsightsService = ReturnType<typeof createInsightsService>;
