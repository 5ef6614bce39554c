import { SKU_TAKEN_MESSAGE, type ProductField } from '@bulkwise/contracts';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { AppError } from '../../errors';
import type { InvalidationBus } from '../../lib/cache/bus';
import { createResponseCache, type ResponseCache } from '../../lib/cache/cache';
import { products, type ProductRow } from '../../db/schema';
import { ANY_PRODUCT_TAG } from './products.cache';
import { createProductPages } from './products.listing';

export type NewProduct = Omit<typeof products.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
/** What an edit writes: the product's own fields (contracts' list), the derived slug and the price breaks. */
export type ProductChanges = Pick<NewProduct, ProductField | 'categorySlug' | 'priceTiers'>;

/**
 * Counts of the other filters (search, a supplier's own list, another threshold) cost a scan of what
 * they match, and paging through one result repeats the same count on every page: they are kept in
 * memory until a product write of any API process drops them (through the invalidation bus).
 */
// Each kept count costs about 650 bytes with its entry (ENTRY_OVERHEAD_BYTES): room for some 3,000.
const COUNT_CACHE_BYTES = 2 * 2 ** 20;

/** The one unique index a product write can break besides its random id: the supplier's SKU. */
export const skuTaken = () => new AppError('CONFLICT', SKU_TAKEN_MESSAGE, { sku: SKU_TAKEN_MESSAGE });

/** Runs a product write, turning a reused SKU into the 409 that names the field. */
export async function guardSku<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw skuTaken();
    throw err;
  }
}

/** The owned row, locked, checked, then updated in one transaction; undefined when not owned. */
function updateLocked(
  db: Db,
  id: string,
  ownerUid: string,
  changes: Omit<ProductChanges, 'priceTiers'>,
  check: (current: ProductRow) => void,
): Promise<ProductRow | undefined> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(products)
      .where(and(eq(products.id, id), eq(products.ownerUid, ownerUid)))
      .for('update');
    if (!current) return undefined;
    check(current);
    const [updated] = await tx
      .update(products)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(products.id, id))
      .returning();
    return updated;
  });
}

/** The owner's writes; each drops the cached counts (a write of another process drops them through the bus). */
function productWrites(db: Db, counts: ResponseCache) {
  return {
    async insert(values: NewProduct): Promise<ProductRow> {
      const [row] = await guardSku(() => db.insert(products).values(values).returning());
      counts.invalidate([ANY_PRODUCT_TAG]);
      return row!;
    },
    /** Updates only when `ownerUid` owns the product; undefined otherwise. */
    async updateOwned(
      id: string,
      ownerUid: string,
      changes: ProductChanges,
    ): Promise<ProductRow | undefined> {
      const [row] = await guardSku(() =>
        db
          .update(products)
          .set({ ...changes, updatedAt: new Date() })
          .where(and(eq(products.id, id), eq(products.ownerUid, ownerUid)))
          .returning(),
      );
      counts.invalidate([ANY_PRODUCT_TAG]);
      return row;
    },
    /**
     * Updates only when `ownerUid` owns the product, after `check` approved the row as it is now (locked,
     * so a concurrent edit cannot slip between the check and the write); undefined when not owned.
     */
    async updateOwnedChecked(
      id: string,
      ownerUid: string,
      changes: Omit<ProductChanges, 'priceTiers'>,
      check: (current: ProductRow) => void,
    ): Promise<ProductRow | undefined> {
      const row = await guardSku(() => updateLocked(db, id, ownerUid, changes, check));
      counts.invalidate([ANY_PRODUCT_TAG]);
      return row;
    },
    async deleteOwned(id: string, ownerUid: string): Promise<boolean> {
      const rows = await db
        .delete(products)
        .where(and(eq(products.id, id), eq(products.ownerUid, ownerUid)))
        .returning({ id: products.id });
      counts.invalidate([ANY_PRODUCT_TAG]);
      return rows.length > 0;
    },
  };
}

export function createProductsRepository(db: Db, options: { bus?: Pick<InvalidationBus, 'register'> } = {}) {
  const counts = createResponseCache({ maxBytes: COUNT_CACHE_BYTES });
  options.bus?.register(counts);
  const byId = db
    .select()
    .from(products)
    .where(eq(products.id, sql.placeholder('id')))
    .prepare('products_find_by_id');

  return {
    ...createProductPages(db, counts),
    ...productWrites(db, counts),
    async findById(id: string): Promise<ProductRow | undefined> {
      const [row] = await byId.execute({ id });
      return row;
    },
    /** Every product in id order, `limit` at a time after `afterId`: the product cache's warm-up. */
    async scanById(afterId: string | undefined, limit: number): Promise<ProductRow[]> {
      return db
        .select()
        .from(products)
        .where(afterId === undefined ? undefined : gt(products.id, afterId))
        .orderBy(asc(products.id))
        .limit(limit);
    },
    async ownerOf(id: string): Promise<string | undefined> {
      const [row] = await db
        .select({ ownerUid: products.ownerUid })
        .from(products)
        .where(eq(products.id, id));
      return row?.ownerUid;
    },
  };
}
export type ProductsRepository = ReturnType<typeof createProductsRepository>;
