import { createHash } from 'node:crypto';
import { and, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { isUniqueViolation, withRetry } from '../../db/errors';
import { cartItems, orderHistory, products, type CartItemRow, type ProductRow } from '../../db/schema';
import {
  ignoreOrderEvents,
  type OrderEvent,
  type OrderEventSink,
  type SqlOrderEvent,
} from '../orders/order-events';
import { publicProductJson } from '../products/products.mapper';
import { takeStock } from '../products/stock.repository';
import { accountRefusal } from '../trade/account-terms';

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

const param = (name: string, type: 'int' | 'text' | 'uuid' | 'numeric') =>
  sql`${sql.placeholder(name)}::${sql.raw(type)}`;

/**
 * The unit price an order is sold at, computed once here from the product row as sold (`taken`).
 * Volume pricing replaces this one expression (price breaks); everything downstream reads unit_price.
 */
const UNIT_PRICE_AT_PURCHASE = sql`unit_price_for(taken.price, taken.price_tiers, ${param('quantity', 'int')})`;

/**
 * The whole purchase in one statement: take the stock (products' takeStock), record the order with a
 * snapshot of the product as sold and its supplier, and its first history entry. A repeated
 * Idempotency-Key fails the insert and so undoes the stock change. A named prepared statement:
 * planning it costs PostgreSQL about as much as running it, and node-postgres parses a named statement
 * once per connection. The snapshot is the public product (products.mapper.ts); the tests check they agree.
 */
function purchaseStatement(db: Db, recordEvent: OrderEventSink['recordInStatement'] | null) {
  const taken = takeStock(db, {
    productId: param('productId', 'uuid'),
    quantity: param('quantity', 'int'),
    buyerUid: param('buyerUid', 'text'),
    expectedUnitPrice: param('expectedUnitPrice', 'numeric'),
  });
  // Volatile, so materialised once: the order and its history entry share the id and the time. It also
  // tells the products and orders triggers not to NOTIFY (migration 0011): a NOTIFY in this transaction
  // would queue its commit behind every other notifying commit of the database. The service publishes
  // the same tags right after the commit. Read for every placed order (it is joined to `taken`) and
  // before the triggers run (at the end of the statement); local to the transaction.
  const ids = db
    .$with('ids', { id: cartItems.id, at: cartItems.purchasedAt })
    .as(
      sql`select gen_random_uuid() as id, date_trunc('milliseconds', now()) as at, set_config('bulkwise.defer_notify', 'on', true) as deferred`,
    );
  // The foreign key to cart_items is checked at the end of the statement, after the order's insert.
  const placedEntry = db.$with('placed_entry', { orderId: orderHistory.orderId }).as(sql`
    insert into ${orderHistory} (order_id, status, "by", at)
    select ids.id, 'placed', 'buyer', ids.at from ids cross join taken returning order_id`);
  const values: { [K in keyof typeof cartItems.$inferSelect]: SQL } = {
    id: sql`ids.id`,
    buyerUid: param('buyerUid', 'text'),
    buyerEmail: param('buyerEmail', 'text'),
    buyerName: param('buyerName', 'text'),
    productId: sql`taken.id`,
    productSnapshot: publicProductJson('taken'),
    quantity: param('quantity', 'int'),
    unitPrice: UNIT_PRICE_AT_PURCHASE,
    address: param('address', 'text'),
    phone: param('phone', 'text'),
    updatedQuantity: sql`taken.main_quantity`,
    idempotencyKey: param('idempotencyKey', 'text'),
    purchasedAt: sql`ids.at`,
    status: sql`'placed'`,
    supplierUid: sql`taken.owner_uid`,
    supplierEmail: sql`taken.user_email`,
    supplierName: sql`taken.user_name`,
    carrier: sql`null`,
    trackingNumber: sql`null`,
    cancelledBy: sql`null`,
    cancelReason: sql`null`,
    shippedAt: sql`null`,
    quoteId: sql`null`,
    quoteVersion: sql`null`,
    poNumber: param('poNumber', 'text'),
    // Set from the trade account by the cart_items_account_terms trigger, which also checks the credit.
    paymentTerms: sql`'prepay'`,
    netDays: sql`null`,
  };
  // The `placed` event, when the sink writes it in SQL: from the same rows, so it commits with the order.
  const event: SqlOrderEvent = {
    type: 'placed',
    by: 'buyer',
    orderId: sql`ids.id`,
    at: sql`ids.at`,
    buyer: { uid: values.buyerUid, name: values.buyerName, email: values.buyerEmail },
    supplier: { uid: values.supplierUid, name: values.supplierName, email: values.supplierEmail },
    product: { id: sql`taken.id`, name: sql`taken.name`, image: sql`taken.image` },
    quantity: values.quantity,
    unitPrice: UNIT_PRICE_AT_PURCHASE,
    shipping: { address: values.address, phone: values.phone },
  };
  const eventInsert = recordEvent?.(event, sql`taken cross join ids`) ?? null;
  const ctes = [
    taken,
    ids,
    placedEntry,
    ...(eventInsert ? [db.$with('placed_event', {}).as(eventInsert)] : []),
  ];
  // INSERT ... SELECT lists every column of the table in schema order.
  const columns = Object.keys(getTableColumns(cartItems)) as Array<keyof typeof values>;
  const statement = db
    .with(...ctes)
    .insert(cartItems)
    .select(
      sql`select ${sql.join(
        columns.map((c) => values[c]),
        sql`, `,
      )} from ${taken} cross join ids`,
    )
    .returning({
      id: cartItems.id,
      updatedQuantity: cartItems.updatedQuantity,
      purchasedAt: cartItems.purchasedAt,
      unitPrice: cartItems.unitPrice,
      supplierUid: cartItems.supplierUid,
      supplierEmail: cartItems.supplierEmail,
      supplierName: cartItems.supplierName,
      productSnapshot: cartItems.productSnapshot,
    });
  // node-postgres prepares a name once per connection and refuses another text under it: the name
  // follows the text (a sink that writes nothing and one that writes the outbox differ).
  const name = `purchases_purchase_${createHash('md5').update(statement.toSQL().sql).digest('hex').slice(0, 12)}`;
  return { query: statement.prepare(name) };
}
type PurchaseStatement = ReturnType<typeof purchaseStatement>;

const valuesOf = (order: PurchaseOrder): Record<string, string | number | null> => ({
  productId: order.productId,
  quantity: order.quantity,
  buyerUid: order.buyer.uid,
  buyerEmail: order.buyer.email,
  buyerName: order.buyer.name,
  address: order.address,
  phone: order.phone,
  idempotencyKey: order.idempotencyKey,
  expectedUnitPrice: order.expectedUnitPrice,
  poNumber: order.poNumber,
});

/** Undefined when the product refused the order (the caller finds out why). */
async function runPurchase(
  statement: PurchaseStatement,
  order: PurchaseOrder,
): Promise<PlacedOrder | undefined> {
  const [row] = await statement.query.execute(valuesOf(order));
  return row;
}

/** Queries of purchases. Each runs on the handle it was made with (pool or transaction). */
function purchaseQueries(db: Db) {
  return {
    async findProduct(productId: string): Promise<ProductRow | undefined> {
      const [row] = await db.select().from(products).where(eq(products.id, productId));
      return row;
    },
    async findByIdempotencyKey(buyerUid: string, key: string): Promise<CartItemRow | undefined> {
      const [row] = await db
        .select()
        .from(cartItems)
        .where(and(eq(cartItems.buyerUid, buyerUid), eq(cartItems.idempotencyKey, key)));
      return row;
    },
  };
}
export type PurchaseQueries = ReturnType<typeof purchaseQueries>;
