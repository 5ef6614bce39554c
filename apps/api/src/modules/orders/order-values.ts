import { sql, type SQL } from 'drizzle-orm';
import type { cartItems } from '../../db/schema';

/** Every column of an order as SQL: what a purchase or an accepted quote inserts. */
export type OrderValues = { [K in keyof typeof cartItems.$inferSelect]: SQL };

/**
 * The columns every new order has alike, however it was placed: placed, sold by the owner of the
 * product row as it was taken (`taken`), nothing shipped or cancelled yet.
 */
export const newOrderFromTaken = () =>
  ({
    status: sql`'placed'`,
    supplierUid: sql`taken.owner_uid`,
    supplierEmail: sql`taken.user_email`,
    supplierName: sql`taken.user_name`,
    carrier: sql`null`,
    trackingNumber: sql`null`,
    cancelledBy: sql`null`,
    cancelReason: sql`null`,
    shippedAt: sql`null`,
  }) satisfies Partial<OrderValues>;
