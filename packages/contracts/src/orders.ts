import { z } from 'zod';
import { optionalText, statusPageFields } from './field-rules';
import { pricedLineFields } from './pricing';
import { ProductSchema } from './products';

export const ORDER_STATUSES = ['placed', 'confirmed', 'shipped', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** How the pages name each status (desk tabs, badges, the dashboard's chart). */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  placed: 'Placed',
  confirmed: 'Confirmed',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};
export const OrderStatusSchema = z.enum(ORDER_STATUSES);

export type OrderActor = 'buyer' | 'supplier';
export type OrderMove = 'place' | 'confirm' | 'ship' | 'deliver' | 'cancel';

export interface OrderTransition {
  move: OrderMove;
  /** Empty for `place`: the order does not exist before the purchase. */
  from: readonly OrderStatus[];
  to: OrderStatus;
  by: OrderActor;
  stock: 'take' | 'restore' | null;
}

/**
 * The one table of who may move an order from which state to which. The API enforces it in a guarded
 * statement; the web reads it to decide which buttons to show. `delivered` and `cancelled` are final.
 */
export const ORDER_TRANSITIONS: readonly OrderTransition[] = [
  { move: 'place', from: [], to: 'placed', by: 'buyer', stock: 'take' },
  { move: 'confirm', from: ['placed'], to: 'confirmed', by: 'supplier', stock: null },
  { move: 'ship', from: ['placed', 'confirmed'], to: 'shipped', by: 'supplier', stock: null },
  { move: 'deliver', from: ['shipped'], to: 'delivered', by: 'buyer', stock: null },
  { move: 'deliver', from: ['shipped'], to: 'delivered', by: 'supplier', stock: null },
  { move: 'cancel', from: ['placed'], to: 'cancelled', by: 'buyer', stock: 'restore' },
  { move: 'cancel', from: ['placed', 'confirmed'], to: 'cancelled', by: 'supplier', stock: 'restore' },
];

export const FINAL_ORDER_STATUSES: readonly OrderStatus[] = ['delivered', 'cancelled'];

/** The transition `actor` may make with `move`, whatever the current state; undefined if none. */
export function transitionFor(move: OrderMove, actor: OrderActor): OrderTransition | undefined {
  return ORDER_TRANSITIONS.find((t) => t.move === move && t.by === actor);
}

/** The moves `actor` may make on an order in `status`, in the table's order. */
export function allowedMoves(status: OrderStatus, actor: OrderActor): OrderMove[] {
  return ORDER_TRANSITIONS.filter((t) => t.by === actor && t.from.includes(status)).map((t) => t.move);
}

export const OrderHistoryEntrySchema = z.object({
  status: OrderStatusSchema,
  at: z.string(),
  by: z.enum(['buyer', 'supplier']),
});

export const OrderSchema = z.object({
  _id: z.string(),
  status: OrderStatusSchema,
  /** The product as it was when bought: later edits or deletion change nothing here. */
  product: ProductSchema,
  ...pricedLineFields,
  purchaseDate: z.string(),
  /** `emailVerified`: false while the buyer has not proved the address theirs (shown as unverified). */
  buyer: z.object({ name: z.string(), email: z.string(), emailVerified: z.boolean() }),
  shipping: z.object({ address: z.string(), phone: z.string() }),
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  cancelledBy: z.enum(['buyer', 'supplier']).nullable(),
  cancelReason: z.string().nullable(),
  history: z.array(OrderHistoryEntrySchema),
  /** The quote and version an accepted quote placed this order from; null for a purchase. */
  quote: z.object({ id: z.string(), version: z.number().int() }).nullable(),
  /** The account's terms when bought (issue #25) and the buyer's PO number. */
  paymentTerms: z.enum(['prepay', 'net']),
  poNumber: z.string().nullable(),
  /** The order's invoice once issued (on confirm for prepay, on ship for net), with its payment state. */
  invoice: z
    .object({
      _id: z.string(),
      number: z.string(),
      status: z.enum(['open', 'partially_paid', 'paid', 'overdue', 'void']),
      balance: z.number(),
      dueOn: z.string(),
    })
    .nullable(),
});
export type Order = z.infer<typeof OrderSchema>;
export const OrderListSchema = z.array(OrderSchema);

export const ORDER_PAGE_DEFAULT_LIMIT = 20;
export const ORDER_PAGE_MAX_LIMIT = 100;
/** Rows per database read of the CSV export. */
export const ORDER_CSV_BATCH = 1_000;

export const OrderListQuerySchema = z.object(statusPageFields(ORDER_STATUSES, ORDER_PAGE_MAX_LIMIT));
export type OrderListQuery = z.infer<typeof OrderListQuerySchema>;

export const OrderExportQuerySchema = OrderListQuerySchema.pick({ status: true });

/** GET /cart: the buyer's orders; without `status`, every one that is not cancelled. */
export const CartQuerySchema = z.object({
  email: z.email('email must be a valid email address').max(254).optional(),
  status: z
    .enum([...ORDER_STATUSES, 'all'], { error: `status must be all or one of ${ORDER_STATUSES.join(', ')}` })
    .optional(),
});

export const OrderSummarySchema = z.object(
  Object.fromEntries(ORDER_STATUSES.map((s) => [s, z.number().int()])) as Record<OrderStatus, z.ZodNumber>,
);
export type OrderSummary = z.infer<typeof OrderSummarySchema>;

export const ORDER_CANCEL_REASON_MAX = 500;

export const ShipOrderBodySchema = z
  .object({ carrier: optionalText('Carrier', 100), trackingNumber: optionalText('Tracking number', 100) })
  .nullish()
  .transform((v) => v ?? { carrier: null, trackingNumber: null });
export type ShipOrderBody = z.infer<typeof ShipOrderBodySchema>;

/** The reason is required of the supplier (the service says so); the buyer may leave it out. */
export const CancelOrderBodySchema = z
  .object({ reason: optionalText('Reason', ORDER_CANCEL_REASON_MAX) })
  .nullish()
  .transform((v) => v ?? { reason: null });
export type CancelOrderBody = z.infer<typeof CancelOrderBodySchema>;

/** Bodies of confirm and deliver: nothing is read, an empty or absent body is fine. */
export const EmptyOrderBodySchema = z.object({}).nullish();

export const ORDER_MESSAGES = {
  reasonRequired: 'A reason is required when the supplier cancels an order',
  notAllowed: (status: OrderStatus) => `This order is ${status}: that change is not possible now`,
  cannotRemove: (status: OrderStatus) =>
    `This order is ${status}: the supplier has acted on it, so it can no longer be removed`,
  wrongParty: 'You are not allowed to make this change to this order',
} as const;
