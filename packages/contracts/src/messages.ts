/**
 * The user-facing texts of the spec that the API answers with too (purchase refusals), shown exactly
 * as written. Copy that only the web shows lives in apps/web/src/config/messages.ts.
 */
export const PURCHASE_MESSAGES = {
  authRequiredTitle: 'Authentication Required',
  authRequiredText: 'Please log in to purchase products',
  invalidQuantityTitle: 'Invalid Quantity',
  minimumOrder: (min: number) => `Minimum order quantity is ${min}`,
  maximumAvailable: (max: number) => `Maximum available quantity is ${max}`,
  minimumNote: (min: number) => `Minimum order quantity is ${min} units`,
  addressRequired: 'Please enter your shipping address',
  phoneRequired: 'Please enter your phone number',
  failedTitle: 'Purchase Failed',
  failed: 'Failed to process your purchase. Please try again.',
  /** 409 IDEMPOTENCY_MISMATCH: a retry must repeat the first request exactly (as Stripe's keys do). */
  idempotencyMismatch:
    'This Idempotency-Key was already used for a different purchase: use a new key for a new order',
} as const;

/** Answers of an API that sheds load (503 with Retry-After): the client may try again shortly. */
export const BUSY_MESSAGES = {
  product: 'This product is receiving too many orders at once. Please try again in a moment.',
  server: 'The server is too busy right now. Please try again in a moment.',
} as const;
