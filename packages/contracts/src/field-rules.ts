import { z } from 'zod';

// Rules the fields of many contracts share. A leaf module (zod only), so it never waits on another chunk.

/**
 * True when `value` has at most `digits` decimals. Float maths with a tolerance, not an exact check:
 * 19.99 * 100 is 1998.9999999999998, which an exact check would refuse.
 */
export function hasAtMostDecimals(value: number, digits: number): boolean {
  if (!Number.isFinite(value)) return false;
  const scaled = value * 10 ** digits;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * False for text PostgreSQL cannot store as sent: NUL is refused by its text type, and a lone UTF-16
 * surrogate is not Unicode (it would be silently replaced by U+FFFD). Both are answered 400 instead.
 */
export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !LONE_SURROGATE.test(value);
}

/**
 * Where an order ships and who answers there: the purchase's and the quote request's fields. Here, with
 * the other field rules every page's chunk already holds (products.ts imports this module), so no contract module reads another one's
 * schema while the bundle's chunks are still loading (a quote request reading the purchase body's
 * `shape` once found it undefined and the app failed to start).
 */
export const ShippingAddressSchema = z
  .string({ error: 'Shipping address is required' })
  .trim()
  .min(1, 'Shipping address is required')
  .max(500, 'Shipping address must be at most 500 characters')
  .refine(isStorableText, 'Shipping address contains characters that are not allowed');
export const ShippingPhoneSchema = z
  .string({ error: 'Phone number is required' })
  .trim()
  .min(1, 'Phone number is required')
  .max(40, 'Phone number must be at most 40 characters')
  .regex(/^[+0-9()\-.\s]+$/, 'Phone number may contain only digits, spaces and + ( ) - .')
  .refine((v) => (v.match(/\d/g) ?? []).length >= 5, 'Phone number must have at least 5 digits');

/** Required text: trimmed, at least one character, at most `max`. */
export const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
    .refine(isStorableText, `${label} contains characters that are not allowed`);

/** Optional text: trimmed; blank means "not given", stored as null, never as an empty string. */
export const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .refine(isStorableText, `${label} contains characters that are not allowed`)
    .nullish()
    .transform((v) => (v ? v : null));

/** The optional `status` filter of a list query: one of `statuses`. */
export const statusFilter = <const T extends readonly [string, ...string[]]>(statuses: T) =>
  z.enum(statuses, { error: `status must be one of ${statuses.join(', ')}` }).optional();

/** The keyset paging fields of a list query: a page size up to `maxLimit` and the opaque cursor. */
export const pageFields = (maxLimit: number) => ({
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(maxLimit, `limit must be at most ${maxLimit}`)
    .optional(),
  cursor: z.string().max(200).optional(),
});

/** The query of a desk's list (orders, invoices, quotes): a `status` tab and keyset paging. */
export const statusPageFields = <const T extends readonly [string, ...string[]]>(
  statuses: T,
  maxLimit: number,
) => ({
  status: statusFilter(statuses),
  ...pageFields(maxLimit),
});
