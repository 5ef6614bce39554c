import { createHash } from 'node:crypto';
import { getTableColumns, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { cartItems, orderHistory } from '../../db/schema';
import type { OrderEventSink, SqlOrderEvent } from '../orders/order-events';
import { newOrderFromTaken, type OrderValues } from '../orders/order-values';
import { publicProductJson } from '../products/products.mapper';
import { takeStock } from '../products/stock.repository';
import type { PlacedOrder, PurchaseOrder } from './purchases.repository';

// The purchase statement (decision 0012, docs/architecture.md "Request path of a purchase"), in named
// fragments; the text it sends is what the benches measure.

const param = (name: string, type: 'int' | 'text' | 'uuid' | 'numeric') =>
  sql`${sql.placeholder(name)}::${sql.raw(type)}`;

/**
 * The unit price an order is sold at, computed once here from the product row as sold (`taken`).
 * Volume pricing replaces this one expression (price breaks); everything downstream reads unit_price.
 */
const UNIT_PRICE_AT_PURCHASE = sql`unit_price_for(taken.price, taken.price_tiers, ${param('quantity', 'int')})`;

/**
 * Volatile, so materialised once: the order and its history entry share the id and the time. It also
 * tells the products and orders triggers not to NOTIFY (migration 0011): a NOTIFY in this transaction
 * would queue its commit behind every other notifying commit of the database. The service publishes
 * the same tags right after the commit. Read for every placed order (it is joined to `taken`) and
 * before the triggers run (at the end of the statement); local to the transaction.
 */
const idsOf = (db: Db) =>
  db
    .$with('ids', { id: cartItems.id, at: cartItems.purchasedAt })
    .as(
      sql`select gen_random_uuid() as id, date_trunc('milliseconds', now()) as at, set_config('bulkwise.defer_notify', 'on', true) as deferred`,
    );

/**
 * The order's first history entry. The foreign key to cart_items is checked at the end of the
 * statement, after the order's insert.
 */
const placedEntryOf = (db: Db) =>
  db.$with('placed_entry', { orderId: orderHistory.orderId }).as(sql`
    insert into ${orderHistory} (order_id, status, "by", at)
    select ids.id, 'placed', 'buyer', ids.at from ids cross join taken returning order_id`);

/** Every column of the order, from the parameters, the product row as sold (`taken`) and `ids`. */
function orderValues(): OrderValues {
  return {
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
    ...newOrderFromTaken(),
    quoteId: sql`null`,
    quoteVersion: sql`null`,
    poNumber: param('poNumber', 'text'),
    // Set from the trade account by the cart_items_account_terms trigger, which also checks the credit.
    paymentTerms: sql`'prepay'`,
    netDays: sql`null`,
  };
}

/** The `placed` event, when the sink writes it in SQL: from the same rows, so it commits with the order. */
function placedEventOf(values: OrderValues): SqlOrderEvent {
  return {
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
}

/** What the statement answers (PlacedOrder). */
const PLACED_COLUMNS = {
  id: cartItems.id,
  updatedQuantity: cartItems.updatedQuantity,
  purchasedAt: cartItems.purchasedAt,
  unitPrice: cartItems.unitPrice,
  supplierUid: cartItems.supplierUid,
  supplierEmail: cartItems.supplierEmail,
  supplierName: cartItems.supplierName,
  productSnapshot: cartItems.productSnapshot,
};

/**
 * The whole purchase in one statement: take the stock (products' takeStock), record the order with a
 * snapshot of the product as sold and its supplier, and its first history entry. A repeated
 * Idempotency-Key fails the insert and so undoes the stock change. A named prepared statement:
 * planning it costs PostgreSQL about as much as running it, and node-postgres parses a named statement
 * once per connection. The snapshot is the public product (products.mapper.ts); the tests check they agree.
 */
export function purchaseStatement(db: Db, recordEvent: OrderEventSink['recordInStatement'] | null) {
  const taken = takeStock(db, {
    productId: param('productId', 'uuid'),
    quantity: param('quantity', 'int'),
    buyerUid: param('buyerUid', 'text'),
    expectedUnitPrice: param('expectedUnitPrice', 'numeric'),
  });
  const ids = idsOf(db);
  const placedEntry = placedEntryOf(db);
  const values = orderValues();
  const event = placedEventOf(values);
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
    .returning(PLACED_COLUMNS);
  // node-postgres prepares a name once per connection and refuses another text under it: the name
  // follows the text (a sink that writes nothing and one that writes the outbox differ).
  const name = `purchases_purchase_${createHash('md5').update(statement.toSQL().sql).digest('hex').slice(0, 12)}`;
  return { query: statement.prepare(name) };
}
export type PurchaseStatement = ReturnType<typeof purchaseStatement>;

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
export async function runPurchase(
  statement: PurchaseStatement,
  order: PurchaseOrder,
): Promise<PlacedOrder | undefined> {
  const [row] = await statement.query.execute(valuesOf(order));
  return row;
}
