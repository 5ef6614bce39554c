import { eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { products } from '../../db/schema';

/**
 * Stock belongs to products: purchases and orders change it only through these functions, on the
 * handle of the caller's transaction, so the stock change commits or rolls back with the order.
 */

/**
 * A CTE `taken` that takes `quantity` units when the order fits [minSellingQuantity, mainQuantity], the
 * buyer is not the owner and (when `expectedUnitPrice` is not null) the price in force for that quantity
 * is the one the buyer saw, returning the product as it is after the sale (no row: refused).
 * Concurrent buyers queue on the product's row lock and can never take more than there is; the price is
 * read from the locked row, so a price edit happened either before this sale or after it.
 */
export function takeStock(
  db: Db,
  p: { productId: SQL; quantity: SQL; buyerUid: SQL; expectedUnitPrice: SQL },
  /** An accepted quote may sell below the minimum order when the supplier offered that quantity. */
  options: { belowMinimum?: boolean } = {},
) {
  const minimum = options.belowMinimum ? sql`true` : sql`min_selling_quantity <= ${p.quantity}`;
  return db.$with('taken', { id: products.id }).as(sql`
    update ${products} set main_quantity = main_quantity - ${p.quantity}
    where id = ${p.productId} and main_quantity >= ${p.quantity}
      and ${minimum} and owner_uid <> ${p.buyerUid}
      and (${p.expectedUnitPrice} is null
        or unit_price_for(price, price_tiers, ${p.quantity}) = ${p.expectedUnitPrice})
    returning *`);
}

/** Puts `quantity` back; the stock after, or undefined when the product no longer exists. */
export async function restoreStock(db: Db, productId: string, quantity: number): Promise<number | undefined> {
  const [row] = await db
    .update(products)
    .set({ mainQuantity: sql`${products.mainQuantity} + ${quantity}` })
    .where(eq(products.id, productId))
    .returning({ mainQuantity: products.mainQuantity });
  return row?.mainQuantity;
}
