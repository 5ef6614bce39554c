import { and, desc, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { cartItems, products, type CartItemRow, type ProductRow } from '../../db/schema';

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

export interface PurchaseDone {
  cartItemId: string;
  updatedQuantity: number;
  unitPrice: number;
}

export interface PurchasesRepository extends PurchaseQueries {
  /** Runs `work` in one transaction with queries bound to it. */
  transaction<T>(work: (tx: PurchaseQueries) => Promise<T>): Promise<T>;
  /**
   * The whole purchase in one statement, so one round trip and one commit: take `quantity` from stock
   * only if the order fits [minSellingQuantity, mainQuantity] and the buyer is not the owner, and record
   * the cart item with a snapshot of the product as sold. Concurrent buyers queue on the product's row
   * lock and can never take more than there is; a repeated Idempotency-Key fails the insert and so undoes
   * the update. The unit price is decided by unit_price_for() on the locked row, so it is the price in
   * force when the stock was taken. Undefined when the product refused the order (the caller finds out why).
   */
  purchase(order: PurchaseOrder): Promise<PurchaseDone | undefined>;
}

export function createPurchasesRepository(db: Db): PurchasesRepository {
  const purchase = preparePurchase(db);
  return {
    ...purchaseQueries(db),
    transaction: (work) => db.transaction((tx) => work(purchaseQueries(tx as unknown as Db))),
    async purchase(order) {
      const [row] = await purchase.execute({
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
      return row ? { cartItemId: row.id, updatedQuantity: row.updatedQuantity, unitPrice: Number(row.unitPrice) } : undefined;
    },
  };
}

const param = (name: string, type: 'int' | 'text' | 'uuid' | 'numeric') => sql`${sql.placeholder(name)}::${sql.raw(type)}`;

/**
 * A named prepared statement: planning this statement (a CTE over a table with eight indexes, a foreign
 * key, four indexes on the cart) costs PostgreSQL about as much as running it, and a prepared one is
 * planned once per connection. The snapshot is the public product (toPublicProduct); the tests check
 * that the two agree.
 */
function preparePurchase(db: Db) {
  const taken = db.$with('taken', { id: products.id }).as(sql`
    update ${products} set main_quantity = main_quantity - ${param('quantity', 'int')}
    where id = ${param('productId', 'uuid')} and main_quantity >= ${param('quantity', 'int')}
      and min_selling_quantity <= ${param('quantity', 'int')} and owner_uid <> ${param('buyerUid', 'text')}
      and (${param('expectedUnitPrice', 'numeric')} is null
        or unit_price_for(price, price_tiers, ${param('quantity', 'int')}) = ${param('expectedUnitPrice', 'numeric')})
    returning *`);
  const values: { [K in keyof typeof cartItems.$inferSelect]: SQL } = {
    id: sql`gen_random_uuid()`,
    buyerUid: param('buyerUid', 'text'),
    buyerEmail: param('buyerEmail', 'text'),
    buyerName: param('buyerName', 'text'),
    productId: sql`taken.id`,
    productSnapshot: sql`jsonb_build_object(
      '_id', taken.id, 'image', taken.image, 'name', taken.name, 'brandName', taken.brand_name,
      'category', taken.category, 'categorySlug', taken.category_slug, 'description', taken.description,
      'mainQuantity', taken.main_quantity, 'minSellingQuantity', taken.min_selling_quantity,
      'price', taken.price, 'rating', taken.rating, 'priceTiers', taken.price_tiers, 'userName', taken.user_name,
      'createdAt', to_char(taken.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`,
    quantity: param('quantity', 'int'),
    unitPrice: sql`unit_price_for(taken.price, taken.price_tiers, ${param('quantity', 'int')})`,
    address: param('address', 'text'),
    phone: param('phone', 'text'),
    updatedQuantity: sql`taken.main_quantity`,
    idempotencyKey: param('idempotencyKey', 'text'),
    purchasedAt: sql`now()`,
  };
  // INSERT ... SELECT lists every column of the table in schema order.
  const columns = Object.keys(getTableColumns(cartItems)) as Array<keyof typeof values>;
  return db
    .with(taken)
    .insert(cartItems)
    .select(sql`select ${sql.join(columns.map((c) => values[c]), sql`, `)} from ${taken}`)
    .returning({ id: cartItems.id, updatedQuantity: cartItems.updatedQuantity, unitPrice: cartItems.unitPrice })
    .prepare('purchases_purchase');
}

/** Queries of purchases and the cart. Each runs on the handle it was made with (pool or transaction). */
function purchaseQueries(db: Db) {
  return {
    async restoreStock(productId: string, quantity: number): Promise<number | undefined> {
      const [row] = await db
        .update(products)
        .set({ mainQuantity: sql`${products.mainQuantity} + ${quantity}` })
        .where(eq(products.id, productId))
        .returning({ mainQuantity: products.mainQuantity });
      return row?.mainQuantity;
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

    async listForBuyer(buyerUid: string): Promise<CartItemRow[]> {
      return db
        .select()
        .from(cartItems)
        .where(eq(cartItems.buyerUid, buyerUid))
        .orderBy(desc(cartItems.purchasedAt), desc(cartItems.id));
    },

    /** Deletes the buyer's own item; undefined when it is not theirs or already gone. */
    async deleteOwnedItem(id: string, buyerUid: string): Promise<CartItemRow | undefined> {
      const [row] = await db
        .delete(cartItems)
        .where(and(eq(cartItems.id, id), eq(cartItems.buyerUid, buyerUid)))
        .returning();
      return row;
    },

    async itemExists(id: string): Promise<boolean> {
      const [row] = await db.select({ id: cartItems.id }).from(cartItems).where(eq(cartItems.id, id));
      return row !== undefined;
    },
  };
}
export type PurchaseQueries = ReturnType<typeof purchaseQueries>;
