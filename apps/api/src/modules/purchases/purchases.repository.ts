import { and, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { cartItems, orderHistory, products, type CartItemRow, type ProductRow } from '../../db/schema';
import { publicProductJson } from '../products/products.mapper';
import { takeStock } from '../products/stock.repository';

export interface PurchaseOrder {
  productId: string;
  buyer: { uid: string; email: string; name: string };
  quantity: number;
  address: string;
  phone: string;
  idempotencyKey: string | null;
  /** When set, the purchase happens only if this is the unit price the server charges (else undefined). */
  expectedUnitPrice: number | null;
}

/** What the purchase statement answers: enough for the response and the `placed` event. */
export type PlacedOrder = Pick<
  CartItemRow,
  'id' | 'updatedQuantity' | 'purchasedAt' | 'unitPrice' | 'supplierUid' | 'supplierEmail' | 'supplierName' | 'productSnapshot'
>;

export interface PurchasesRepository {
  /** Runs `work` in one transaction; `tx` is the transaction's handle (for the order event sink). */
  transaction<T>(work: (queries: PurchaseQueries, tx: Db) => Promise<T>): Promise<T>;
  findProduct(productId: string): Promise<ProductRow | undefined>;
  findByIdempotencyKey(buyerUid: string, key: string): Promise<CartItemRow | undefined>;
}

export function createPurchasesRepository(db: Db): PurchasesRepository {
  const queries = purchaseQueries(db);
  return {
    transaction: (work) => db.transaction((tx) => work(purchaseQueries(tx as unknown as Db), tx as unknown as Db)),
    findProduct: queries.findProduct,
    findByIdempotencyKey: queries.findByIdempotencyKey,
  };
}

const param = (name: string, type: 'int' | 'text' | 'uuid' | 'numeric') => sql`${sql.placeholder(name)}::${sql.raw(type)}`;

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
function purchaseStatement(db: Db) {
  const taken = takeStock(db, {
    productId: param('productId', 'uuid'),
    quantity: param('quantity', 'int'),
    buyerUid: param('buyerUid', 'text'),
    expectedUnitPrice: param('expectedUnitPrice', 'numeric'),
  });
  // Volatile, so materialised once: the order and its history entry share the id and the time.
  const ids = db
    .$with('ids', { id: cartItems.id, at: cartItems.purchasedAt })
    .as(sql`select gen_random_uuid() as id, date_trunc('milliseconds', now()) as at`);
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
  };
  // INSERT ... SELECT lists every column of the table in schema order.
  const columns = Object.keys(getTableColumns(cartItems)) as Array<keyof typeof values>;
  return db
    .with(taken, ids, placedEntry)
    .insert(cartItems)
    .select(sql`select ${sql.join(columns.map((c) => values[c]), sql`, `)} from ${taken} cross join ids`)
    .returning({
      id: cartItems.id,
      updatedQuantity: cartItems.updatedQuantity,
      purchasedAt: cartItems.purchasedAt,
      unitPrice: cartItems.unitPrice,
      supplierUid: cartItems.supplierUid,
      supplierEmail: cartItems.supplierEmail,
      supplierName: cartItems.supplierName,
      productSnapshot: cartItems.productSnapshot,
    })
    .prepare('purchases_purchase');
}

/** Queries of purchases. Each runs on the handle it was made with (pool or transaction). */
function purchaseQueries(db: Db) {
  return {
    /** Undefined when the product refused the order (the caller finds out why). */
    async purchase(order: PurchaseOrder): Promise<PlacedOrder | undefined> {
      const [row] = await purchaseStatement(db).execute({
        productId: order.productId,
        quantity: order.quantity,
        buyerUid: order.buyer.uid,
        buyerEmail: order.buyer.email,
        buyerName: order.buyer.name,
        address: order.address,
        phone: order.phone,
        idempotencyKey: order.idempotencyKey,
        expectedUnitPrice: order.expectedUnitPrice,
      });
      return row;
    },
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
