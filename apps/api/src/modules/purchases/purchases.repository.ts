import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { firstWhere } from '../../db/sql';
import { isUniqueViolation, withRetry } from '../../db/errors';
import { cartItems, products, type CartItemRow, type ProductRow } from '../../db/schema';
import { ignoreOrderEvents, type OrderEvent, type OrderEventSink } from '../orders/order-events';
import { accountRefusal } from '../trade/account-terms';
import { purchaseStatement, runPurchase } from './purchases.statement';

export interface PurchaseOrder {
  productId: string;
  buyer: { uid: string; email: string; name: string };
  quantity: number;
  address: string;
  phone: string;
  idempotencyKey: string | null;
  /** When set, the purchase happens only if this is the unit price the server charges (else undefined). */
  expectedUnitPrice: number | null;
  /** The buyer's purchase order number (printed on the invoice), or null. */
  poNumber: string | null;
}

/** What the purchase statement answers: enough for the response and the `placed` event. */
export type PlacedOrder = Pick<
  CartItemRow,
  | 'id'
  | 'updatedQuantity'
  | 'purchasedAt'
  | 'unitPrice'
  | 'supplierUid'
  | 'supplierEmail'
  | 'supplierName'
  | 'productSnapshot'
>;

/**
 * What placing an order came to: placed; refused by the product (the caller finds out why); or the
 * buyer's Idempotency-Key already names an order (this attempt rolled back, stock untouched).
 */
export type PlaceOutcome = { placed: PlacedOrder } | { refused: true } | { keyUsed: true };

export interface PurchasesRepository {
  /**
   * Takes the stock and records the order, its history entry and its `placed` event (`eventOf`, for a
   * sink that records in a transaction) together or not at all; a deadlock or serialisation victim runs
   * again. A placed order sends no invalidation from the triggers: the caller must publish it once this
   * resolves (lib/cache/bus.ts `publish`).
   */
  place(order: PurchaseOrder, eventOf: (placed: PlacedOrder) => OrderEvent): Promise<PlaceOutcome>;
  findProduct(productId: string): Promise<ProductRow | undefined>;
  findByIdempotencyKey(buyerUid: string, key: string): Promise<CartItemRow | undefined>;
}

export function createPurchasesRepository(
  db: Db,
  events: OrderEventSink = ignoreOrderEvents,
): PurchasesRepository {
  const queries = purchaseQueries(db);
  // A sink that records in SQL makes the purchase one statement (atomic by itself): one round trip, no
  // BEGIN and COMMIT.
  const statement = events.recordInStatement
    ? purchaseStatement(db, events.recordInStatement.bind(events))
    : undefined;
  const single = statement && ((order: PurchaseOrder) => runPurchase(statement, order));
  const inTransaction = (order: PurchaseOrder, eventOf: (placed: PlacedOrder) => OrderEvent) =>
    db.transaction(async (handle) => {
      const tx = handle as unknown as Db;
      const placed = await runPurchase(purchaseStatement(tx, null), order);
      if (placed) await events.record(tx, eventOf(placed));
      return placed;
    });
  return {
    async place(order, eventOf) {
      try {
        const placed = await withRetry(() => (single ? single(order) : inTransaction(order, eventOf)));
        return placed ? { placed } : { refused: true };
      } catch (err) {
        // The trade account refused the order (the trigger's credit check): nothing was written.
        const refusal = accountRefusal(err);
        if (refusal) throw refusal;
        // Only the idempotency index is unique among what the statement writes.
        if (order.idempotencyKey !== null && isUniqueViolation(err)) return { keyUsed: true };
        throw err;
      }
    },
    findProduct: queries.findProduct,
    findByIdempotencyKey: queries.findByIdempotencyKey,
  };
}

/** Queries of purchases. Each runs on the handle it was made with (pool or transaction). */
function purchaseQueries(db: Db) {
  return {
    async findProduct(productId: string): Promise<ProductRow | undefined> {
      return firstWhere(db, products, eq(products.id, productId));
    },
    async findByIdempotencyKey(buyerUid: string, key: string): Promise<CartItemRow | undefined> {
      return firstWhere(
        db,
        cartItems,
        and(eq(cartItems.buyerUid, buyerUid), eq(cartItems.idempotencyKey, key)),
      );
    },
  };
}
export type PurchaseQueries = ReturnType<typeof purchaseQueries>;
