import { z } from 'zod';
import { OrderListSchema, OrderSchema, type Order } from './orders';
import { ShippingAddressSchema, ShippingPhoneSchema, hasAtMostDecimals } from './field-rules';
import { QUANTITY_MAX } from './products';
import { PoNumberSchema } from './trade';

const hasAtMostDecimals2 = (v: number) => hasAtMostDecimals(v, 2);

/** Header that makes a purchase safe to retry: the same key never buys twice. */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

/** The headers of a request that may carry an Idempotency-Key (a purchase, a quote request, a payment). */
export const IdempotencyKeyHeadersSchema = z.object({
  [IDEMPOTENCY_KEY_HEADER]: z
    .string()
    .min(8, 'Idempotency-Key must be 8 to 100 characters')
    .max(100, 'Idempotency-Key must be 8 to 100 characters')
    .optional(),
});

/** POST /products/purchase/:id body. Other fields (older clients send userEmail, userName) are dropped: the buyer is the token's. */
export const PurchaseBodySchema = z.object({
  quantity: z
    .number({ error: 'Quantity must be a number' })
    .int('Quantity must be a whole number')
    .min(1, 'Quantity must be at least 1')
    .max(QUANTITY_MAX, `Quantity must be at most ${QUANTITY_MAX}`),
  address: ShippingAddressSchema,
  phone: ShippingPhoneSchema,
  /**
   * The unit price the buyer saw. When given and not the price the server would charge, the purchase
   * is refused with 409 PRICE_CHANGED and the current `unitPrice`, and buys nothing.
   */
  expectedUnitPrice: z
    .number({ error: 'Expected unit price must be a number' })
    .min(0.01, 'Expected unit price must be at least 0.01')
    .max(1_000_000, 'Expected unit price must be at most 1000000')
    .refine(hasAtMostDecimals2, 'Expected unit price must have at most 2 decimals')
    .optional(),
  /** The buyer's purchase order number, printed on the invoice (at most 50 characters). */
  poNumber: PoNumberSchema.optional(),
});
export type PurchaseBody = z.infer<typeof PurchaseBodySchema>;

export const PurchaseResultSchema = z.object({
  updatedQuantity: z.number().int(),
  cartItemId: z.string(),
  /** The unit price charged (the break in force for the quantity) and quantity x unitPrice in cents. */
  unitPrice: z.number(),
  total: z.number(),
});
export type PurchaseResult = z.infer<typeof PurchaseResultSchema>;

/** A cart line is the buyer's view of an order: the same fields. */
export const CartItemSchema = OrderSchema;
export type CartItem = Order;
export const CartItemListSchema = OrderListSchema;

/** DELETE /cart/:id body of the spec's client: accepted and ignored (the stored quantity is restored). */
export const CartRemoveBodySchema = z
  .object({ productId: z.string().max(100).optional(), quantity: z.unknown().optional() })
  .nullish();

export const CartRemoveResultSchema = z.object({
  removed: z.literal(true),
  restoredQuantity: z.number().int(),
  /** The product's stock after the restore; null when the product no longer exists. */
  updatedQuantity: z.number().int().nullable(),
});
export type CartRemoveResult = z.infer<typeof CartRemoveResultSchema>;

export const DeleteProductResultSchema = z.object({ deleted: z.literal(true), _id: z.string() });
