import { z } from 'zod';
import {
  ShippingAddressSchema,
  ShippingPhoneSchema,
  hasAtMostDecimals,
  isStorableText,
  statusPageFields,
} from './field-rules';
import { pricedLineFields } from './pricing';
import { QUANTITY_MAX } from './products';
import { QUOTE_STATUSES, QuoteStatusSchema, type QuoteStatus } from './quote-states';

export const QUOTE_MAX_LINES = 50;
export const QUOTE_MAX_VALID_DAYS = 30;
export const QUOTE_NOTE_MAX = 1000;
export const QUOTE_REASON_MAX = 500;
export const QUOTE_UNIT_PRICE_MAX = 1_000_000;

const uuid = z
  .string({ error: 'Product id is required' })
  .regex(
    /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
    'Product id must be a product id',
  );
const quantity = z
  .number({ error: 'Quantity must be a number' })
  .int('Quantity must be a whole number')
  .min(1, 'Quantity must be at least 1')
  .max(QUANTITY_MAX, `Quantity must be at most ${QUANTITY_MAX}`);
const price = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .min(0.01, `${label} must be at least 0.01`)
    .max(QUOTE_UNIT_PRICE_MAX, `${label} must be at most ${QUOTE_UNIT_PRICE_MAX}`)
    .refine((v) => hasAtMostDecimals(v, 2), `${label} must have at most 2 decimals`);
const note = z
  .string({ error: 'Note must be text' })
  .trim()
  .max(QUOTE_NOTE_MAX, `Note must be at most ${QUOTE_NOTE_MAX} characters`)
  .refine(isStorableText, 'Note contains characters that are not allowed')
  .nullish()
  .transform((v) => (v ? v : null));

const linesOf = <T extends z.ZodTypeAny>(line: T) =>
  z
    .array(line, { error: 'Lines are required' })
    .min(1, 'At least one line is required')
    .max(QUOTE_MAX_LINES, `At most ${QUOTE_MAX_LINES} lines`)
    .superRefine((lines, ctx) => {
      const seen = new Set<string>();
      (lines as Array<{ productId: string }>).forEach((l, i) => {
        if (seen.has(l.productId))
          ctx.addIssue({
            code: 'custom',
            path: [i, 'productId'],
            message: 'Each product may appear on one line only',
          });
        seen.add(l.productId);
      });
    });

const DATE = /^\d{4}-\d{2}-\d{2}$/;
export const QuoteRequestBodySchema = z.object({
  lines: linesOf(
    z.object({ productId: uuid, quantity, targetUnitPrice: price('Target unit price').optional() }),
  ),
  neededBy: z
    .string({ error: 'Needed-by date is required' })
    .regex(DATE, 'Needed-by date must be a date (YYYY-MM-DD)')
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), 'Needed-by date must be a real date'),
  shipping: z.object(
    { address: ShippingAddressSchema, phone: ShippingPhoneSchema },
    { error: 'Shipping address and phone are required' },
  ),
  note,
});
export type QuoteRequestBody = z.infer<typeof QuoteRequestBodySchema>;

const pricedLines = linesOf(z.object({ productId: uuid, quantity, unitPrice: price('Unit price') }));
export const QuoteOfferBodySchema = z.object({
  lines: pricedLines,
  validUntil: z.iso.datetime({ error: 'Valid until must be a date and time (ISO 8601)', offset: true }),
  note,
});
export type QuoteOfferBody = z.infer<typeof QuoteOfferBodySchema>;
export const QuoteCounterBodySchema = z.object({ lines: pricedLines, note });
export type QuoteCounterBody = z.infer<typeof QuoteCounterBodySchema>;
export const QuoteAcceptBodySchema = z.object({
  version: z
    .number({ error: 'Version is required' })
    .int('Version must be a whole number')
    .min(1, 'Version must be at least 1'),
});
export const QuoteDeclineBodySchema = z.object({
  reason: z
    .string({ error: 'A reason is required' })
    .trim()
    .min(1, 'A reason is required')
    .max(QUOTE_REASON_MAX, `Reason must be at most ${QUOTE_REASON_MAX} characters`)
    .refine(isStorableText, 'Reason contains characters that are not allowed'),
});
export const QuoteEmptyBodySchema = z.object({}).nullish();

export const QuoteLineSchema = z.object({
  productId: z.string(),
  name: z.string(),
  image: z.string(),
  quantity: z.number().int(),
  targetUnitPrice: z.number().nullable(),
});
export const QuoteVersionLineSchema = z.object({ productId: z.string(), ...pricedLineFields });
export const QuoteVersionSchema = z.object({
  number: z.number().int(),
  by: z.enum(['buyer', 'supplier']),
  lines: z.array(QuoteVersionLineSchema),
  total: z.number(),
  validUntil: z.string().nullable(),
  note: z.string().nullable(),
  at: z.string(),
});
export type QuoteVersion = z.infer<typeof QuoteVersionSchema>;

export const QuoteSchema = z.object({
  _id: z.string(),
  status: QuoteStatusSchema,
  supplier: z.object({ id: z.string(), name: z.string() }),
  buyer: z.object({ name: z.string(), email: z.string() }),
  lines: z.array(QuoteLineSchema),
  versions: z.array(QuoteVersionSchema),
  /** 0 while only requested. */
  currentVersion: z.number().int(),
  turn: z.enum(['buyer', 'supplier']).nullable(),
  /** The caller's side of this quote. */
  you: z.enum(['buyer', 'supplier']),
  validUntil: z.string().nullable(),
  neededBy: z.string(),
  shipping: z.object({ address: z.string(), phone: z.string() }),
  note: z.string().nullable(),
  declinedBy: z.enum(['buyer', 'supplier']).nullable(),
  declineReason: z.string().nullable(),
  orderIds: z.array(z.string()),
  createdAt: z.string(),
  lastActivityAt: z.string(),
  /** The server's time of this answer: the web counts the time left from it, not from the device's clock. */
  now: z.string(),
});
export type Quote = z.infer<typeof QuoteSchema>;

export const QuoteSummarySchema = QuoteSchema.pick({
  _id: true,
  status: true,
  supplier: true,
  buyer: true,
  currentVersion: true,
  turn: true,
  you: true,
  validUntil: true,
  neededBy: true,
  createdAt: true,
  lastActivityAt: true,
}).extend({ lineCount: z.number().int(), total: z.number().nullable(), unread: z.number().int() });
export type QuoteSummary = z.infer<typeof QuoteSummarySchema>;

export const QUOTE_LIST_FILTERS = [...QUOTE_STATUSES, 'expiring'] as const;
/** A supplier's "expiring" tab: offers whose validUntil falls within this. */
export const QUOTE_EXPIRING_WITHIN_MS = 24 * 60 * 60 * 1000;
export const QUOTE_PAGE_DEFAULT_LIMIT = 20;
export const QUOTE_PAGE_MAX_LIMIT = 100;
export type QuoteListFilter = (typeof QUOTE_LIST_FILTERS)[number];
export const QuoteCountsSchema = z.object(
  Object.fromEntries(QUOTE_LIST_FILTERS.map((s) => [s, z.number().int()])) as Record<
    QuoteListFilter,
    z.ZodNumber
  >,
);
export type QuoteCounts = z.infer<typeof QuoteCountsSchema>;

export const QuoteListQuerySchema = z.object({
  as: z.enum(['buyer', 'supplier'], { error: 'as must be buyer or supplier' }).default('buyer'),
  ...statusPageFields(QUOTE_LIST_FILTERS, QUOTE_PAGE_MAX_LIMIT),
});
export type QuoteListQuery = z.infer<typeof QuoteListQuerySchema>;

export const QuoteListSchema = z.object({
  items: z.array(QuoteSummarySchema),
  /** Every quote of the caller on this side, per status (`expiring`: offers ending within 24 hours). */
  counts: QuoteCountsSchema,
  nextCursor: z.string().nullable(),
});
export type QuoteList = z.infer<typeof QuoteListSchema>;

/** The navigation badge: quotes waiting for the caller's move, on either side. */
export const QuoteAwaitingSchema = z.object({ count: z.number().int() });

/** Rate limits of the issue: requests a buyer may send per day, open requests per buyer and supplier. */
export const QUOTE_REQUESTS_PER_DAY = 50;
export const QUOTE_OPEN_PER_PAIR = 10;

export const QUOTE_MESSAGES = {
  notAllowed: (status: QuoteStatus) => `This quote is ${status}: that change is not possible now`,
  wrongParty: 'You are not allowed to make this change to this quote',
  staleVersion: (current: number) =>
    `This offer is no longer the latest: version ${current} is the current one. Review it before accepting`,
  expired: 'This offer has expired',
  shortLine: (name: string, available: number) =>
    `Not enough stock for ${name}: ${available} available. Nothing was ordered`,
  ownProduct: 'You cannot request a quote on your own product',
  unknownProduct: 'Product not found',
  otherSupplier: 'All lines of a quote must be products of one supplier',
  linesMustMatch: 'Every line of the request must be priced, and no other product',
  validUntilPast: 'Valid until must be in the future',
  validUntilTooFar: `Valid until must be at most ${QUOTE_MAX_VALID_DAYS} days ahead`,
  neededByPast: 'Needed-by date must be today or later',
  tooManyPerDay: `You can send at most ${QUOTE_REQUESTS_PER_DAY} quote requests a day`,
  tooManyOpen: `You already have ${QUOTE_OPEN_PER_PAIR} open quote requests with this supplier`,
  idempotencyMismatch: 'This Idempotency-Key was already used for a different quote request',
} as const;
