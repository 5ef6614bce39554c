import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { categories, productCounts } from '../../db/schema';

export function createCategoriesRepository(db: Db) {
  // Counters maintained by triggers on products (migration 0001): seven rows instead of a GROUP BY
  // over the whole catalog on every request. Prepared: the plan is made once per connection.
  const withCounts = () =>
    db
      .select({ category: categories, productCount: productCounts.total })
      .from(categories)
      .leftJoin(productCounts, eq(productCounts.categorySlug, categories.slug));
  const list = withCounts()
    .orderBy(asc(categories.position), asc(categories.name))
    .prepare('categories_list');
  const byId = withCounts()
    .where(eq(categories.id, sql.placeholder('id')))
    .prepare('categories_find_by_id');

  return {
    /** Categories in display order, each with the number of products it really has. */
    async list() {
      return list.execute();
    },
    async findById(id: string) {
      const [row] = await byId.execute({ id });
      return row;
    },
  };
}
export type CategoriesRepository = ReturnType<typeof createCategoriesRepository>;
