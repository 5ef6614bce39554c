import { and, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { cartItems, products, type CartItemRow, type ProductRow } from '../../db/schema';

export type NewCartItem = Omit<typeof cartItems.$inferInsert, 'id' | 'purchasedAt'>;

export interface PurchasesRepository extends PurchaseQueries {
  /** Runs `work` in one transaction with queries bound to it. */
  transaction<T>(work: (tx: PurchaseQueries) => Promise<T>): Promise<T>;
}

export function createPurchasesRepository(db: Db): PurchasesRepository {
  return {
    ...purchaseQueries(db),
    transaction: (work) => db.transaction((tx) => work(purchaseQueries(tx as unknown as Db))),
  };
}

/** Queries of purchases and the cart. Each runs on the handle it was made with (pool or transaction). */
function purchaseQueries(db: Db) {
  return {

    /**
     * Takes `quantity` from stock only if the order fits [minSellingQuantity, mainQuantity]. One conditional
     * UPDATE: concurrent buyers are serialised on the row lock and can never take more than there is.
     */
    async takeStock(productId: string, quantity: number): Promise<ProductRow | undefined> {
      const [row] = await db
        .update(products)
        .set({ mainQuantity: sql`${products.mainQuantity} - ${quantity}` })
        .where(
          and(
            eq(products.id, productId),
            gte(products.mainQuantity, quantity),
            lte(products.minSellingQuantity, quantity),
          ),
        )
        .returning();
      return row;
    },

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

    async insertCartItem(values: NewCartItem): Promise<CartItemRow> {
      const [row] = await db.insert(cartItems).values(values).returning();
      return row!;
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
