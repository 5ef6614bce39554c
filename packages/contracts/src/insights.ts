import { z } from 'zod';
import { AgingSchema } from './trade';

/**
 * A supplier's insights (issue #27): figures over a range of whole UTC days, `from` and `to` both
 * included. Orders count on the day they were placed; amounts are dollars (the API keeps cents).
 */
export const INSIGHTS_MAX_RANGE_DAYS = 731;
export const INSIGHTS_DEFAULT_RANGE_DAYS = 30;
export const INSIGHTS_INTERVALS = ['day', 'week', 'month'] as const;
export type InsightsInterval = (typeof INSIGHTS_INTERVALS)[number];
export const INSIGHTS_TOP_BY = ['revenue', 'units'] as const;
export type InsightsTopBy = (typeof INSIGHTS_TOP_BY)[number];
export const INSIGHTS_TOP_LIMIT = 10;
/** Shipped within 2 days: less than 48 hours from placed to shipped. */
export const INSIGHTS_FAST_SHIP_HOURS = 48;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const MS_PER_DAY = 86_400_000;

/** Days since the epoch of an ISO day, or NaN when it is not a real calendar day. */
export function isoDayNumber(day: string): number {
  if (!DAY.test(day)) return NaN;
  const ms = Date.parse(`${day}T00:00:00Z`);
  // Date.parse rolls 2026-02-30 over to March: a real day prints back the same.
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== day) return NaN;
  return ms / MS_PER_DAY;
}

export function isoDayFrom(dayNumber: number): string {
  return new Date(dayNumber * MS_PER_DAY).toISOString().slice(0, 10);
}

/** The last `days` days up to and including `today` (UTC). */
export function lastDays(days: number, today: Date = new Date()): { from: string; to: string } {
  const end = Math.floor(today.getTime() / MS_PER_DAY);
  return { from: isoDayFrom(end - days + 1), to: isoDayFrom(end) };
}

/** The period of the same length just before [from, to]. */
export function previousPeriod(from: string, to: string): { from: string; to: string } {
  const start = isoDayNumber(from);
  const length = isoDayNumber(to) - start + 1;
  return { from: isoDayFrom(start - length), to: isoDayFrom(start - 1) };
}

const isoDay = (name: string) =>
  z
    .string({ error: `${name} must be a day like 2026-01-31` })
    .refine((v) => !Number.isNaN(isoDayNumber(v)), `${name} must be a day like 2026-01-31`);

const rangeShape = { from: isoDay('from').optional(), to: isoDay('to').optional() };

type RangeInput = { from?: string | undefined; to?: string | undefined };

/** Both or neither; `to` not before `from`; at most two years. Each error names its parameter. */
function checkRange(value: RangeInput, ctx: z.RefinementCtx): void {
  if ((value.from === undefined) !== (value.to === undefined)) {
    const missing = value.from === undefined ? 'from' : 'to';
    ctx.addIssue({
      code: 'custom',
      path: [missing],
      message: `${missing} is required with the other end of the range`,
    });
    return;
  }
  if (value.from === undefined || value.to === undefined) return;
  const length = isoDayNumber(value.to) - isoDayNumber(value.from) + 1;
  if (length < 1) ctx.addIssue({ code: 'custom', path: ['to'], message: 'to must not be before from' });
  else if (length > INSIGHTS_MAX_RANGE_DAYS)
    ctx.addIssue({
      code: 'custom',
      path: ['to'],
      message: `to must be within 2 years (${INSIGHTS_MAX_RANGE_DAYS} days) of from`,
    });
}

/** Without from and to: the last 30 days up to today (UTC). */
export const InsightsRangeQuerySchema = z.object(rangeShape).superRefine(checkRange);
export type InsightsRangeQuery = z.infer<typeof InsightsRangeQuerySchema>;

export const InsightsTimeseriesQuerySchema = z
  .object({
    ...rangeShape,
    interval: z
      .enum(INSIGHTS_INTERVALS, { error: `interval must be one of ${INSIGHTS_INTERVALS.join(', ')}` })
      .optional(),
  })
  .superRefine(checkRange);
export type InsightsTimeseriesQuery = z.infer<typeof InsightsTimeseriesQuerySchema>;

export const InsightsTopProductsQuerySchema = z
  .object({
    ...rangeShape,
    by: z.enum(INSIGHTS_TOP_BY, { error: `by must be one of ${INSIGHTS_TOP_BY.join(', ')}` }).optional(),
  })
  .superRefine(checkRange);
export type InsightsTopProductsQuery = z.infer<typeof InsightsTopProductsQuerySchema>;

/**
 * What the orders placed in the range and not cancelled add up to: over the whole range, or for one
 * interval, product, category or buyer (a row of a breakdown).
 */
const salesFigures = {
  /** Dollars: the sum of the totals (as charged) of those orders. */
  revenue: z.number(),
  orders: z.number().int(),
  units: z.number().int(),
};

const periodFigures = {
  from: z.string(),
  to: z.string(),
  ...salesFigures,
  /** Dollars, rounded to the cent; 0 without orders. */
  averageOrderValue: z.number(),
  /** Distinct buyers of those orders. */
  buyers: z.number().int(),
  /** Orders placed in the range that were cancelled, by who cancelled them. */
  cancelledByBuyer: z.number().int(),
  cancelledBySupplier: z.number().int(),
  /** Median of whole hours from placed to shipped over the range's shipped orders; null without any. */
  medianHoursToShip: z.number().nullable(),
  /** Share (0..1) of those shipped orders shipped less than 48 hours after being placed; null without any. */
  shippedWithin2Days: z.number().nullable(),
  /** Orders placed in the range by their status now, cancelled ones included. */
  byStatus: z.object({
    placed: z.number().int(),
    confirmed: z.number().int(),
    shipped: z.number().int(),
    delivered: z.number().int(),
    cancelled: z.number().int(),
  }),
};
export const InsightsPeriodSchema = z.object(periodFigures);
export type InsightsPeriod = z.infer<typeof InsightsPeriodSchema>;
export const InsightsSummarySchema = z.object({ ...periodFigures, previous: InsightsPeriodSchema });
export type InsightsSummary = z.infer<typeof InsightsSummarySchema>;

/** A breakdown's row: what it is about (`about`), then its sales figures. */
const salesRow = <T extends z.ZodRawShape>(about: T) => z.object({ ...about, ...salesFigures });
/** `start`: the interval's first day (the range's first day for a partial first week or month). */
export const InsightsPointSchema = salesRow({ start: z.string() });
/** `name`: the product's name at its latest purchase in the range. */
export const InsightsTopProductSchema = salesRow({ productId: z.string(), name: z.string() });
/** `category`: the product's category when it was bought. */
export const InsightsCategorySchema = salesRow({ category: z.string(), categorySlug: z.string() });
export const InsightsBuyerSchema = salesRow({ name: z.string(), email: z.string() });

/** What the breakdowns answer: their rows (the timeseries: one per interval, in order). */
export const InsightsTimeseriesSchema = z.array(InsightsPointSchema);
export const InsightsTopProductsSchema = z.array(InsightsTopProductSchema);
export const InsightsCategoriesSchema = z.array(InsightsCategorySchema);
export const InsightsBuyersSchema = z.array(InsightsBuyerSchema);
export type InsightsPoint = z.infer<typeof InsightsPointSchema>;
export type InsightsTopProduct = z.infer<typeof InsightsTopProductSchema>;
export type InsightsCategory = z.infer<typeof InsightsCategorySchema>;
export type InsightsBuyer = z.infer<typeof InsightsBuyerSchema>;

export const InsightsInventoryItemSchema = z.object({
  productId: z.string(),
  name: z.string(),
  sku: z.string().nullable(),
  stock: z.number().int(),
  minimumOrder: z.number().int(),
  lowStockThreshold: z.number().int(),
  /** Below its minimum order: no buyer can buy it. */
  cannotBeBought: z.boolean(),
  /** Units sold per day over the range (not cancelled). */
  unitsPerDay: z.number(),
  /** Stock / unitsPerDay, to one decimal; null when nothing sold in the range. */
  daysOfCover: z.number().nullable(),
});
export const InsightsInventorySchema = z.array(InsightsInventoryItemSchema);
export type InsightsInventoryItem = z.infer<typeof InsightsInventoryItemSchema>;

/**
 * GET /api/insights/receivables: what buyers owe the supplier now, from its invoices (issue #25). Amounts
 * are dollars; the aging counts open balances by days since issue, as the account statements do.
 */
export const InsightsReceivablesSchema = z.object({
  /** Invoices issued and not void, ever: 0 until the supplier's first invoice (the dashboard hides it). */
  invoices: z.number().int(),
  outstanding: z.number(),
  /** Of the outstanding, what is on invoices past their due date. */
  overdue: z.number(),
  openInvoices: z.number().int(),
  overdueInvoices: z.number().int(),
  aging: AgingSchema,
});
export type InsightsReceivables = z.infer<typeof InsightsReceivablesSchema>;
