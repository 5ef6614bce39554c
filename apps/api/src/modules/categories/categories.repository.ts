import { asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { categories, products } from '../../db/schema';

export function createCategoriesRepository(db: Db) {
  const productCounts = db
    .select({ slug: products.categorySlug, productCount: count().as('product_count') })
    .from(products)
    .groupBy(products.categorySlug)
    .as('product_counts');

  return {
    /** Categories in display order, each with the number of products it really has. */
    async list() {
      return db
        .select({ category: categories, productCount: productCounts.productCount })
        .from(categories)
        .leftJoin(productCounts, eq(productCounts.slug, categories.slug))
        .orderBy(asc(categories.position), asc(categories.name));
    },
    async findById(id: string) {
      const [row] = await db
        .select({ category: categories, productCount: productCounts.productCount })
        .from(categories)
        .leftJoin(productCounts, eq(productCounts.slug, categories.slug))
        .where(eq(categories.id, id));
      return row;
    },
  };
}
export type CategoriesRepository = ReturnType<typeof createCategoriesRepository>;
