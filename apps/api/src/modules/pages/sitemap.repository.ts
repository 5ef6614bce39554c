import { and, asc, gt, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { categories, productCounts, products } from '../../db/schema';

/** Rows read per query while a sitemap page streams: memory stays flat at a million products. */
const CHUNK = 5_000;

export function createSitemapRepository(db: Db) {
  return {
    /** Every product, from the counters the triggers keep (migration 0001): no scan of the catalog. */
    async productCount(): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`coalesce(sum(${productCounts.total}), 0)::int` })
        .from(productCounts);
      return Number(row?.n ?? 0);
    },
    async categories() {
      return db
        .select({ id: categories.id })
        .from(categories)
        .orderBy(asc(categories.position), asc(categories.name));
    },
    /**
     * Products `offset` … `offset + limit - 1` in id order, with when each last changed, read in chunks:
     * the start is found once on the primary key, the rest follows by keyset.
     */
    async *productPage(offset: number, limit: number): AsyncGenerator<{ id: string; updatedAt: Date }> {
      const [start] = await db
        .select({ id: products.id })
        .from(products)
        .orderBy(asc(products.id))
        .offset(offset)
        .limit(1);
      if (!start) return;
      let left = limit;
      let after: { id: string; inclusive: boolean } = { id: start.id, inclusive: true };
      while (left > 0) {
        const rows = await db
          .select({ id: products.id, updatedAt: products.updatedAt })
          .from(products)
          .where(and(after.inclusive ? gte(products.id, after.id) : gt(products.id, after.id)))
          .orderBy(asc(products.id))
          .limit(Math.min(CHUNK, left));
        yield* rows;
        if (rows.length < Math.min(CHUNK, left)) return;
        left -= rows.length;
        after = { id: rows[rows.length - 1]!.id, inclusive: false };
      }
    },
  };
}
export type SitemapRepository = ReturnType<typeof createSitemapRepository>;
