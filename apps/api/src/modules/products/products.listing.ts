import { MIN_ORDER_FILTER_THRESHOLD } from '@bulkwise/contracts';
import { and, asc, count, desc, eq, getTableColumns, gt, sql, sum, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { ResponseCache } from '../../lib/cache/cache';
import { productCounts, products, type ProductRow } from '../../db/schema';
import type { SearchPlan } from './search.query';
import { RANK, searchMatches, searchRank } from './search.repository';
import { createRankedSearch } from './search.ranked';
import { ANY_PRODUCT_TAG } from './products.cache';
import { searchPageTags } from './search.tags';

// One page of the catalog and the number of products its filter matches: the filters, the keyset
// orders, the maintained counters and the cache of the other counts (kept by products.repository.ts).

/** `relevance` is the default order of a search (`search` in the filter). */
export type ProductSortKey = 'default' | 'price_asc' | 'price_desc' | 'relevance';

/** Position after the last row of a page: the sort value and the id that breaks ties. */
export type ProductCursor = { sort: ProductSortKey; value: string; id: string };

export interface ProductFilter {
  categorySlug?: string;
  ownerUid?: string;
  minOrderOver?: number;
  search?: SearchPlan;
}

/** The search of a filter that holds nothing else: its matches and total depend on product text alone (search.tags.ts). */
export const searchAlone = (filter: ProductFilter): SearchPlan | undefined =>
  filter.categorySlug === undefined && filter.ownerUid === undefined && filter.minOrderOver === undefined
    ? filter.search
    : undefined;

/** A row of a relevance-ordered page carries its rank: the cursor needs it. */
/** `createdAtCursor`: created_at to the microsecond, as text (a JS Date keeps only milliseconds). */
export type RankedProductRow = ProductRow & { rank?: number; createdAtCursor?: string };

/**
 * Two products created in the same millisecond differ in the microseconds PostgreSQL keeps: a cursor
 * cut to milliseconds would skip the later of them on the next page, so the newest-first cursor
 * carries created_at exactly.
 */
const CREATED_AT_EXACT = sql<string>`to_char(${products.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

function filterConditions(filter: ProductFilter): SQL[] {
  const conditions: SQL[] = [];
  if (filter.categorySlug !== undefined) conditions.push(eq(products.categorySlug, filter.categorySlug));
  if (filter.ownerUid !== undefined) conditions.push(eq(products.ownerUid, filter.ownerUid));
  if (filter.minOrderOver !== undefined)
    conditions.push(gt(products.minSellingQuantity, filter.minOrderOver));
  if (filter.search) conditions.push(searchMatches(filter.search));
  return conditions;
}

function keyset(cursor: ProductCursor, search: SearchPlan | undefined): SQL {
  switch (cursor.sort) {
    case 'relevance':
      return sql`(${search ? searchRank(search) : sql`0`}, ${products.id}) < (${cursor.value}::integer, ${cursor.id}::uuid)`;
    case 'price_asc':
      return sql`(${products.price}, ${products.id}) > (${cursor.value}::numeric, ${cursor.id}::uuid)`;
    case 'price_desc':
      return sql`(${products.price}, ${products.id}) < (${cursor.value}::numeric, ${cursor.id}::uuid)`;
    default:
      return sql`(${products.createdAt}, ${products.id}) < (${cursor.value}::timestamptz, ${cursor.id}::uuid)`;
  }
}

function ordering(sort: ProductSortKey, search: SearchPlan | undefined) {
  switch (sort) {
    case 'relevance':
      // The page query selects the rank as "rank": ordering by that output column computes it once a row.
      return search ? [desc(RANK), desc(products.id)] : [desc(products.id)];
    case 'price_asc':
      return [asc(products.price), asc(products.id)];
    case 'price_desc':
      return [desc(products.price), desc(products.id)];
    default:
      return [desc(products.createdAt), desc(products.id)];
  }
}

type CounterColumn = typeof productCounts.total | typeof productCounts.bulk;

/**
 * The maintained counter that answers `filter` exactly, when there is one: the whole catalog, one
 * category, and the "available" filter (minimum order over 100), alone or per category.
 */
function counterFor(filter: ProductFilter): CounterColumn | undefined {
  if (filter.ownerUid !== undefined || filter.search) return undefined;
  // min_selling_quantity >= 1 is a CHECK constraint, so "over 0" is every product.
  if (filter.minOrderOver === undefined || filter.minOrderOver === 0) return productCounts.total;
  if (filter.minOrderOver === MIN_ORDER_FILTER_THRESHOLD) return productCounts.bulk;
  return undefined;
}

const trim = <R>(rows: R[], limit: number) => ({ rows: rows.slice(0, limit), hasMore: rows.length > limit });

export function cursorAfter(row: RankedProductRow, sort: ProductSortKey): ProductCursor {
  const value =
    sort === 'relevance'
      ? String(row.rank ?? 0)
      : sort === 'default'
        ? (row.createdAtCursor ?? row.createdAt.toISOString())
        : String(row.price);
  return { sort, value, id: row.id };
}

/** The number of products matching a filter: from a maintained counter, a scan, or the count cache. */
function productCountQueries(db: Db, counts: ResponseCache) {
  const counterTotal = (counter: CounterColumn, filter: ProductFilter) =>
    db
      .select({ n: sum(counter) })
      .from(productCounts)
      .where(
        filter.categorySlug === undefined ? undefined : eq(productCounts.categorySlug, filter.categorySlug),
      );

  const counterCount = async (counter: CounterColumn, filter: ProductFilter) =>
    Number((await counterTotal(counter, filter))[0]?.n ?? 0);

  const scanCount = async (filter: ProductFilter) =>
    Number(
      (
        await db
          .select({ n: count() })
          .from(products)
          .where(and(...filterConditions(filter)))
      )[0]?.n ?? 0,
    );

  const cachedCount = async (filter: ProductFilter, counter = scanCount) => {
    const key = JSON.stringify([
      filter.categorySlug,
      filter.ownerUid,
      filter.minOrderOver,
      filter.search?.match,
    ]);
    const cached = counts.get(key);
    if (cached !== undefined) return Number(cached.body);
    const startedAt = counts.begin();
    const n = await counter(filter);
    const plan = searchAlone(filter);
    const tags = plan ? searchPageTags(plan.terms, []) : [ANY_PRODUCT_TAG];
    counts.set(key, String(n), { tags, startedAt });
    return n;
  };

  return { counterTotal, counterCount, scanCount, cachedCount };
}

/** The catalog's pages: `counts` keeps the counts no maintained counter answers. */
export function createProductPages(db: Db, counts: ResponseCache) {
  const { counterTotal, counterCount, scanCount, cachedCount } = productCountQueries(db, counts);
  const ranked = createRankedSearch(db);
  const pageQuery = (conditions: SQL[], sort: ProductSortKey, limit: number, search?: SearchPlan) =>
    db
      .select({
        ...getTableColumns(products),
        ...(sort === 'relevance' && search ? { rank: searchRank(search).as('rank') } : {}),
        ...(sort === 'default' ? { createdAtCursor: CREATED_AT_EXACT.as('created_at_cursor') } : {}),
      })
      .from(products)
      .where(and(...conditions))
      .orderBy(...ordering(sort, search))
      .limit(limit + 1);

  return {
    /**
     * One page in keyset order and the number of products matching `filter`. Asks for one row more
     * than `limit` to know whether another page exists. When a maintained counter answers the filter,
     * the total rides along the page query as a scalar subquery: one round trip instead of two.
     */
    async page(filter: ProductFilter, sort: ProductSortKey, limit: number, after?: ProductCursor) {
      // A one-word search in relevance order reads its page from the inverted index (search.ranked.ts).
      const term = sort === 'relevance' && filter.search ? ranked.prepare(filter.search) : undefined;
      if (term) {
        const others = filterConditions({ ...filter, search: undefined });
        const [rows, total] = await Promise.all([
          ranked.page(term, others, limit + 1, after && { rank: Number(after.value), id: after.id }),
          cachedCount(filter, others.length ? scanCount : () => ranked.count(term)),
        ]);
        return { ...trim(rows, limit), total };
      }
      const conditions = filterConditions(filter);
      if (after) conditions.push(keyset(after, filter.search));
      const counter = counterFor(filter);
      if (!counter) {
        const [rows, total] = await Promise.all([
          pageQuery(conditions, sort, limit, filter.search),
          cachedCount(filter),
        ]);
        return { ...trim(rows, limit), total };
      }
      const counted = await db
        .select({
          ...getTableColumns(products),
          total: sql<string | null>`(${counterTotal(counter, filter)})`,
        })
        .from(products)
        .where(and(...conditions))
        .orderBy(...ordering(sort, filter.search))
        .limit(limit + 1);
      // An empty page (an empty category, or a cursor past the end) carries no total of its own.
      const total = counted[0] ? Number(counted[0].total ?? 0) : await counterCount(counter, filter);
      const rows: ProductRow[] = counted.map(({ total: _, ...row }) => row);
      return { ...trim(rows, limit), total };
    },
  };
}
