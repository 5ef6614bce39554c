import { and, asc, count, desc, eq, gt, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { products, type ProductRow } from '../../db/schema';

export type ProductSortKey = 'default' | 'price_asc' | 'price_desc';

/** Position after the last row of a page: the sort value and the id that breaks ties. */
export type ProductCursor = { sort: ProductSortKey; value: string; id: string };

export interface ProductFilter {
  categorySlug?: string;
  ownerUid?: string;
  minOrderOver?: number;
  search?: string;
}

export type NewProduct = Omit<typeof products.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type ProductChanges = Pick<
  NewProduct,
  | 'image'
  | 'name'
  | 'brandName'
  | 'category'
  | 'categorySlug'
  | 'description'
  | 'mainQuantity'
  | 'minSellingQuantity'
  | 'price'
  | 'rating'
>;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function filterConditions(filter: ProductFilter): SQL[] {
  const conditions: SQL[] = [];
  if (filter.categorySlug !== undefined) conditions.push(eq(products.categorySlug, filter.categorySlug));
  if (filter.ownerUid !== undefined) conditions.push(eq(products.ownerUid, filter.ownerUid));
  if (filter.minOrderOver !== undefined) conditions.push(gt(products.minSellingQuantity, filter.minOrderOver));
  if (filter.search) {
    const pattern = `%${escapeLike(filter.search)}%`;
    conditions.push(or(ilike(products.name, pattern), ilike(products.brandName, pattern))!);
  }
  return conditions;
}

function keyset(cursor: ProductCursor): SQL {
  switch (cursor.sort) {
    case 'price_asc':
      return sql`(${products.price}, ${products.id}) > (${cursor.value}::numeric, ${cursor.id}::uuid)`;
    case 'price_desc':
      return sql`(${products.price}, ${products.id}) < (${cursor.value}::numeric, ${cursor.id}::uuid)`;
    default:
      return sql`(${products.createdAt}, ${products.id}) < (${cursor.value}::timestamptz, ${cursor.id}::uuid)`;
  }
}

function ordering(sort: ProductSortKey) {
  switch (sort) {
    case 'price_asc':
      return [asc(products.price), asc(products.id)];
    case 'price_desc':
      return [desc(products.price), desc(products.id)];
    default:
      return [desc(products.createdAt), desc(products.id)];
  }
}

export function cursorAfter(row: ProductRow, sort: ProductSortKey): ProductCursor {
  return {
    sort,
    value: sort === 'default' ? row.createdAt.toISOString() : String(row.price),
    id: row.id,
  };
}

export function createProductsRepository(db: Db) {
  return {
    /** One page in keyset order; asks for one row more than `limit` to know whether another page exists. */
    async page(filter: ProductFilter, sort: ProductSortKey, limit: number, after?: ProductCursor) {
      const conditions = filterConditions(filter);
      if (after) conditions.push(keyset(after));
      const rows = await db
        .select()
        .from(products)
        .where(and(...conditions))
        .orderBy(...ordering(sort))
        .limit(limit + 1);
      return { rows: rows.slice(0, limit), hasMore: rows.length > limit };
    },
    async count(filter: ProductFilter): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(products)
        .where(and(...filterConditions(filter)));
      return Number(row?.n ?? 0);
    },
    async findById(id: string): Promise<ProductRow | undefined> {
      const [row] = await db.select().from(products).where(eq(products.id, id));
      return row;
    },
    async insert(values: NewProduct): Promise<ProductRow> {
      const [row] = await db.insert(products).values(values).returning();
      return row!;
    },
    /** Updates only when `ownerUid` owns the product; undefined otherwise. */
    async updateOwned(id: string, ownerUid: string, changes: ProductChanges): Promise<ProductRow | undefined> {
      const [row] = await db
        .update(products)
        .set({ ...changes, updatedAt: new Date() })
        .where(and(eq(products.id, id), eq(products.ownerUid, ownerUid)))
        .returning();
      return row;
    },
    async deleteOwned(id: string, ownerUid: string): Promise<boolean> {
      const rows = await db
        .delete(products)
        .where(and(eq(products.id, id), eq(products.ownerUid, ownerUid)))
        .returning({ id: products.id });
      return rows.length > 0;
    },
    async ownerOf(id: string): Promise<string | undefined> {
      const [row] = await db.select({ ownerUid: products.ownerUid }).from(products).where(eq(products.id, id));
      return row?.ownerUid;
    },
  };
}
export type ProductsRepository = ReturnType<typeof createProductsRepository>;
