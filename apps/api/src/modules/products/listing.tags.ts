import { toCents, type ProductListQuery } from '@bulkwise/contracts';
import { productPageTags } from './products.cache';

/**
 * Tags of a public listing page (GET /products without `q` or `email`), exact without depending on every
 * product (decision 0005, "Listing pages kept under what can change them"). A keyset page shows every
 * product of its filter whose sort key lies in its window (after its cursor, up to its last row, or to
 * the end on the last page), so a write changes the page only when it:
 * - changes a product the page shows: `product:<id>` (any field) or `stock:<id>` (its stock);
 * - changes who is in the filter, which also moves the total it carries: `members:<category|all>`, named
 *   by the products trigger for a product created, deleted, or moved between categories or minimum
 *   orders (migration 0031);
 * - moves a product's price into the window of a page in price order: `price:<category|all>:<bucket>`,
 *   the bucket of its new price (a product leaving the window was shown, so its own tag says it).
 * The newest-first order reads created_at, which no write changes: a new product is a new member.
 */

/** Whom a listing's filter can hold: its category, or the whole catalog. */
export const listingScope = (category: string | undefined) => category ?? 'all';
export const membersTag = (scope: string) => `members:${scope}`;
export const priceTag = (scope: string, bucket: number) => `price:${scope}:${bucket}`;
/** Dropped by any price change anywhere: a page whose window spans too many buckets to name. */
const ANY_PRICE_TAG = 'price:*';

/** Prices under $1 share bucket 0; from $100,000 up, one bucket. */
const TOP_BUCKET = 10_000_000;
/** Past this many buckets a page is tagged `price:*` instead (first and last pages of a wide range). */
export const MAX_PRICE_BUCKETS = 100;

/**
 * The bucket of a price in cents: the cents cut to two significant digits ($12.34 → 1200, $987.65 →
 * 98000), 90 buckets a decade. The products trigger computes the same (`product_price_bucket`, 0031).
 */
export function priceBucket(cents: number): number {
  if (cents < 100) return 0;
  if (cents >= TOP_BUCKET) return TOP_BUCKET;
  const step = 10 ** (String(cents).length - 2);
  return Math.floor(cents / step) * step;
}

const nextBucket = (bucket: number) => (bucket === 0 ? 100 : bucket + 10 ** (String(bucket).length - 2));

/** Every bucket from `lo`'s to `hi`'s (cents, inclusive); undefined past MAX_PRICE_BUCKETS. */
export function priceBuckets(lo: number, hi: number): number[] | undefined {
  const buckets: number[] = [];
  for (let b = priceBucket(lo); b <= priceBucket(hi); b = nextBucket(b)) {
    if (buckets.length === MAX_PRICE_BUCKETS) return undefined;
    buckets.push(b);
  }
  return buckets;
}

/** The price window (cents) a page in price order covers, from its cursor's price and its last row. */
function priceWindow(
  sort: 'price_asc' | 'price_desc',
  after: number | undefined,
  last: number | undefined,
  hasMore: boolean,
): [number, number] {
  const end = hasMore && last !== undefined ? last : undefined;
  return sort === 'price_asc' ? [after ?? 0, end ?? TOP_BUCKET] : [end ?? 0, after ?? TOP_BUCKET];
}

/**
 * The tags of one public listing page: `afterPrice` is its cursor's price (dollars) in a price order,
 * `hasMore` whether a next page exists.
 */
export function listingPageTags(
  query: Pick<ProductListQuery, 'category' | 'sort'>,
  rows: ReadonlyArray<{ _id: string; price: number }>,
  page: { afterPrice?: number; hasMore: boolean },
): string[] {
  const scope = listingScope(query.category);
  const tags = [membersTag(scope), ...rows.flatMap((p) => productPageTags(p._id))];
  if (query.sort === undefined) return tags;
  const last = rows.at(-1)?.price;
  const [lo, hi] = priceWindow(
    query.sort,
    page.afterPrice === undefined ? undefined : toCents(page.afterPrice),
    last === undefined ? undefined : toCents(last),
    page.hasMore,
  );
  const buckets = priceBuckets(lo, hi);
  return [...tags, ...(buckets ? buckets.map((b) => priceTag(scope, b)) : [ANY_PRICE_TAG])];
}
