import {
  MIN_ORDER_FILTER_THRESHOLD as BULK,
  PRODUCT_CATEGORIES,
  TOTAL_COUNT_HEADER,
  categorySlug,
  type ProductCategory,
} from '@bulkwise/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/use-test-app';
import { bearer, createProduct, makeUser, productInput, purchase, call } from '../../../test/factories';
import { productCounts, products } from '../../db/schema';
import type { ProductFilter } from './products.listing';
import { createProductsRepository } from './products.repository';

const t = useTestApp({ seed: true });

const HEALTH = 'Health & Beauty' satisfies ProductCategory;
const OFFICE = 'Office Supplies & Stationery' satisfies ProductCategory;

describe('the bulk threshold in SQL', () => {
  it('is MIN_ORDER_FILTER_THRESHOLD in the partial indexes, the counting functions and the trigger', async () => {
    const result = await t.database.db.execute(sql`
      select indexdef as source from pg_indexes where tablename = 'products' and indexname like 'products_bulk_%'
      union all
      select prosrc from pg_proc where proname like 'product_counts_on_%'
      union all
      select pg_get_triggerdef(oid) from pg_trigger where tgname = 'products_count_update'`);
    const { rows } = result as unknown as { rows: Array<{ source: string }> };
    const sources = rows.map((r) => r.source).join('\n');
    const thresholds = [...sources.matchAll(/min_selling_quantity"?\)? > (\d+)/g)].map((m) => Number(m[1]));
    // Two indexes, four comparisons in the functions, two in the trigger's WHEN.
    expect(thresholds.length).toBeGreaterThanOrEqual(8);
    expect(new Set(thresholds)).toEqual(new Set([BULK]));
  });
});

/** The x-total-count of a listing, checked against a count(*) of the same filter on the table. */
async function totalOf(query: string): Promise<number> {
  const res = await t.app.inject({ method: 'GET', url: `/api/products?limit=1${query}` });
  expect(res.statusCode).toBe(200);
  return Number(res.headers[TOTAL_COUNT_HEADER]);
}

async function categoryCount(name: string): Promise<number> {
  const list = (await t.app.inject({ method: 'GET', url: '/api/categories' })).json() as Array<{
    name: string;
    productCount: number;
  }>;
  return list.find((c) => c.name === name)!.productCount;
}

/**
 * Every filter whose total comes from the maintained counters, with what count(*) says it must be. Read
 * through the repository: the route keeps first pages for a second, and these tests also write to the
 * table directly, as another process would.
 */
async function expectTotalsMatchTable() {
  const repository = createProductsRepository(t.database.db);
  const totalFor = async (filter: ProductFilter) => (await repository.page(filter, 'price_asc', 1)).total;
  const [row] = await t.database.db
    .select({
      all: sql<number>`count(*)::int`,
      bulk: sql<number>`(count(*) filter (where ${products.minSellingQuantity} > ${BULK}))::int`,
    })
    .from(products);
  expect(await totalFor({})).toBe(row!.all);
  expect(await totalFor({ minOrderOver: BULK })).toBe(row!.bulk);
  expect(await totalFor({ minOrderOver: 0 })).toBe(row!.all);
  for (const name of PRODUCT_CATEGORIES) {
    const slug = categorySlug(name);
    const [c] = await t.database.db
      .select({
        all: sql<number>`count(*)::int`,
        bulk: sql<number>`(count(*) filter (where ${products.minSellingQuantity} > ${BULK}))::int`,
      })
      .from(products)
      .where(sql`${products.categorySlug} = ${slug}`);
    expect(await totalFor({ categorySlug: slug })).toBe(c!.all);
    expect(await totalFor({ categorySlug: slug, minOrderOver: BULK })).toBe(c!.bulk);
    // The categories' cached counts hear of a write by another process through its NOTIFY, a moment
    // after the commit: poll for what a buyer would see.
    await expect.poll(() => categoryCount(name)).toBe(c!.all);
  }
}

describe('maintained product counts', () => {
  it('match count(*) for the seeded catalog, and the x-total-count headers say the same', async () => {
    await expectTotalsMatchTable();
    expect(await totalOf('')).toBe(await totalOf('&sort=price_desc'));
    expect(await totalOf('&category=health_beauty')).toBe(await categoryCount(HEALTH));
  });

  it('follow creates, moves between categories and across the bulk threshold, purchases and deletes', async () => {
    const owner = makeUser('supplier');
    const health = await categoryCount(HEALTH);
    const office = await categoryCount(OFFICE);
    const all = await totalOf('');
    const bulk = await totalOf(`&minOrderOver=${BULK}`);

    const a = await createProduct(t, owner, { category: HEALTH, minSellingQuantity: 150 });
    const b = await createProduct(t, owner, { category: HEALTH, minSellingQuantity: 5 });
    expect(await totalOf('')).toBe(all + 2);
    expect(await totalOf(`&minOrderOver=${BULK}`)).toBe(bulk + 1);
    expect(await categoryCount(HEALTH)).toBe(health + 2);

    // a: Health, bulk -> Office, not bulk.
    const headers = await bearer(t, owner);
    const moved = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${a._id}`,
      headers,
      payload: productInput({ category: OFFICE, minSellingQuantity: BULK }),
    });
    expect(moved.statusCode).toBe(200);
    expect(await categoryCount(HEALTH)).toBe(health + 1);
    expect(await categoryCount(OFFICE)).toBe(office + 1);
    expect(await totalOf(`&minOrderOver=${BULK}`)).toBe(bulk);

    // A purchase changes stock only: no count moves.
    expect((await purchase(t, makeUser('buyer'), b._id, 10)).statusCode).toBe(200);
    expect(await totalOf('')).toBe(all + 2);

    await expectTotalsMatchTable();

    for (const p of [a, b]) {
      const res = await t.app.inject({ method: 'DELETE', url: `/api/products/${p._id}`, headers });
      expect(res.statusCode).toBe(200);
    }
    expect(await totalOf('')).toBe(all);
    expect(await totalOf(`&minOrderOver=${BULK}`)).toBe(bulk);
    expect(await categoryCount(HEALTH)).toBe(health);
    expect(await categoryCount(OFFICE)).toBe(office);
    await expectTotalsMatchTable();
  });

  it('stay exact for inserts and deletes of many rows in one statement', async () => {
    const rows = Array.from({ length: 40 }, (_, i) => ({
      ...productInput({
        category: PRODUCT_CATEGORIES[i % PRODUCT_CATEGORIES.length]!,
        minSellingQuantity: i % 2 ? BULK + 1 : BULK,
      }),
      categorySlug: categorySlug(PRODUCT_CATEGORIES[i % PRODUCT_CATEGORIES.length]!),
      ownerUid: 'bulk-loader',
      userEmail: 'bulk-loader@example.com',
      userName: 'Bulk Loader',
    }));
    await t.database.db.insert(products).values(rows);
    await expectTotalsMatchTable();
    await t.database.db.delete(products).where(sql`${products.ownerUid} = 'bulk-loader'`);
    await expectTotalsMatchTable();
  });

  it('keep the totals of other filters exact after this process writes (search, own products)', async () => {
    const owner = makeUser('searcher');
    const word = `Zyxw${Date.now()}`;
    expect(await totalOf(`&q=${word}`)).toBe(0);
    const created = await createProduct(t, owner, { name: `${word} crate` });
    expect(await totalOf(`&q=${word}`)).toBe(1);
    const own = await call(t, owner, 'GET', `/api/products?email=${encodeURIComponent(owner.email)}`);
    expect(own.headers[TOTAL_COUNT_HEADER]).toBe('1');
    await call(t, owner, 'DELETE', `/api/products/${created._id}`);
    expect(await totalOf(`&q=${word}`)).toBe(0);
    expect(await totalOf('&minOrderOver=37')).toBe(
      Number(
        (
          await t.database.db
            .select({ n: sql<number>`count(*)::int` })
            .from(products)
            .where(sql`${products.minSellingQuantity} > 37`)
        )[0]!.n,
      ),
    );
  });

  it('answer an empty category and a page past the end with the right total', async () => {
    expect(await totalOf('&category=no_such_slug')).toBe(0);
    const first = await t.app.inject({
      method: 'GET',
      url: `/api/products?limit=500&category=${categorySlug(OFFICE)}`,
    });
    const total = Number(first.headers[TOTAL_COUNT_HEADER]);
    expect(first.headers['x-next-cursor']).toBeUndefined();
    expect((first.json() as unknown[]).length).toBe(total);
  });

  it('keeps one counter row per category', async () => {
    const rows = await t.database.db.select().from(productCounts);
    expect(rows.map((r) => r.categorySlug).sort()).toEqual(PRODUCT_CATEGORIES.map(categorySlug).sort());
  });
});
