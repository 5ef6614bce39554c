import { categorySlug, NEXT_CURSOR_HEADER, toCents, TOTAL_COUNT_HEADER } from '@bulkwise/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/use-test-app';
import { createProduct, makeUser, updateProduct } from '../../../test/factories';
import { within } from '../../../test/within';
import { listenForTags } from '../../../test/bus-tags';
import { caughtUp, renameWithoutNotice, seedCanary } from '../../../test/caught-up';
import { rowsOf } from '../../db/sql';
import { priceBucket, priceBuckets, MAX_PRICE_BUCKETS } from './listing.tags';

// Later listing pages are kept too, each under what can change it (listing.tags.ts): these prove a page
// changes exactly when a write reaches it, on the instance that wrote and on another, and stays otherwise.
let b: FastifyInstance;
const t = useTestApp({ seed: true });
beforeAll(async () => {
  b = await t.peer();
});

type Listed = { _id: string; name: string; price: number };
type Page = { items: Listed[]; total: number; next: string | undefined };

async function read(app: FastifyInstance, path: string): Promise<Page> {
  const res = await app.inject({ method: 'GET', url: path });
  expect(res.statusCode).toBe(200);
  const next = res.headers[NEXT_CURSOR_HEADER.toLowerCase()];
  return {
    items: res.json() as Listed[],
    total: Number(res.headers[TOTAL_COUNT_HEADER.toLowerCase()]),
    next: typeof next === 'string' ? next : undefined,
  };
}

/** The URL of the `n`th page (1-based) of `base`, following the next cursors on `app`. */
async function pageUrl(app: FastifyInstance, base: string, n: number) {
  let url = base;
  for (let i = 1; i < n; i++) {
    const { next } = await read(app, url);
    if (!next) throw new Error(`${base} has fewer than ${n} pages`);
    url = `${base}&cursor=${encodeURIComponent(next)}`;
  }
  return url;
}

const names = (p: Page) => p.items.map((x) => x.name);

describe('price buckets', () => {
  it('are the same in the API and in the products trigger', async () => {
    const prices = [0.01, 0.99, 1, 1.09, 1.1, 9.99, 10, 12.34, 99.99, 100, 987.65, 99_999.99, 100_000, 1e6];
    const rows = await rowsOf<{ bucket: string }>(
      t.database.db,
      sql`select product_price_bucket(p)::text as bucket from unnest(${`{${prices.join(',')}}`}::numeric[]) with ordinality as x(p, n) order by n`,
    );
    expect(rows.map((r) => Number(r.bucket))).toEqual(prices.map((p) => priceBucket(toCents(p))));
    expect(prices.slice(0, 8).map((p) => priceBucket(toCents(p)))).toEqual([
      0, 0, 100, 100, 110, 990, 1000, 1200,
    ]);
    expect(priceBuckets(1234, 1299)).toEqual([1200]);
    expect(priceBuckets(980, 1010)).toEqual([980, 990, 1000]);
    expect(priceBuckets(100, 10_000_000)).toBeUndefined();
    expect(priceBuckets(100, 100 + MAX_PRICE_BUCKETS - 10)?.length).toBeLessThanOrEqual(MAX_PRICE_BUCKETS);
  });
});

describe('a later listing page', () => {
  const category = 'Office Supplies & Stationery';
  const slug = categorySlug(category);
  const byPrice = `/api/products?category=${slug}&sort=price_desc&limit=2`;
  const supplier = makeUser('supplier');
  // The six dearest of the category (no seed product costs this much), two a page, all in one bucket.
  const prices = [90_060, 90_050, 90_040, 90_030, 90_020, 90_010];
  let made: Array<{ _id: string; price: number }> = [];
  let canary: string;

  let cheap: { _id: string };
  let elsewhere: { _id: string };

  beforeAll(async () => {
    canary = await seedCanary(t);
    made = [];
    for (const [i, price] of prices.entries())
      made.push(await createProduct(t, supplier, { category, price, name: `Ledger binder ${i}` }));
    cheap = await createProduct(t, supplier, { category, price: 12.5, name: 'Cheap clips' });
    elsewhere = await createProduct(t, supplier, { category: 'Electronics & Gadgets', price: 90_035 });
    await caughtUp(t, [t.app, b], canary);
  });

  it('is kept through writes that cannot change it, and shows one that moves a product into it', async () => {
    const second = await pageUrl(t.app, byPrice, 2);
    for (const app of [t.app, b])
      expect(names(await read(app, second))).toEqual(['Ledger binder 2', 'Ledger binder 3']);
    await renameWithoutNotice(t, made[2]!._id, 'Renamed without telling');

    // Repriced: a product of the category far below the page, and one of another category within it.
    expect((await updateProduct(t, supplier, cheap._id, { category, price: 13.75 })).statusCode).toBe(200);
    expect(
      (await updateProduct(t, supplier, elsewhere._id, { category: 'Electronics & Gadgets', price: 90_036 }))
        .statusCode,
    ).toBe(200);
    await caughtUp(t, [t.app, b], canary);
    for (const app of [t.app, b])
      expect(names(await read(app, second))).toEqual(['Ledger binder 2', 'Ledger binder 3']);

    // The cheapest of the six, repriced between the second page's two: it is on that page now.
    const moved = made[5]!;
    const update = await updateProduct(t, supplier, moved._id, {
      category,
      price: 90_035,
      name: 'Ledger binder 5',
    });
    expect(update.statusCode).toBe(200);
    expect(names(await read(t.app, second))).toEqual(['Renamed without telling', 'Ledger binder 5']);
    await within(
      100,
      async () => names(await read(b, second)),
      (n) => n.join() === 'Renamed without telling,Ledger binder 5',
    );
  });

  it('shows a new total when a product joins or leaves its filter, and pages of other filters stay', async () => {
    const newest = `/api/products?category=${slug}&limit=2`;
    const others = `/api/products?category=${categorySlug('Electronics & Gadgets')}&limit=2`;
    const second = await pageUrl(t.app, newest, 2);
    const otherSecond = await pageUrl(t.app, others, 2);
    const before = await read(t.app, second);
    const shown = (await read(t.app, otherSecond)).items[0]!;
    for (const app of [t.app, b]) await read(app, otherSecond);
    await renameWithoutNotice(t, shown._id, 'Kept elsewhere');

    const joined = await createProduct(t, supplier, { category, minSellingQuantity: 10 });
    for (const app of [t.app, b]) {
      await within(
        100,
        () => read(app, second),
        (p) => p.total === before.total + 1,
      );
      // Another category's page is not where the new product goes: still served from memory.
      expect((await read(app, otherSecond)).items[0]?.name).toBe(shown.name);
    }

    // Into and out of the "available" filter (minimum order over 100) by its minimum order alone.
    const available = `${newest}&minOrderOver=100`;
    const count = async (app: FastifyInstance) => (await read(app, available)).total;
    const was = await count(t.app);
    await count(b);
    const res = await updateProduct(t, supplier, joined._id, {
      category,
      mainQuantity: 1_000,
      minSellingQuantity: 500,
    });
    expect(res.statusCode).toBe(200);
    expect(await count(t.app)).toBe(was + 1);
    await within(
      100,
      () => count(b),
      (n) => n === was + 1,
    );
  });

  it('is named by the trigger: members for who joins or leaves, the new price bucket for a price', async () => {
    const listener = await listenForTags(t);
    const id = made[0]!._id;
    const electronics = categorySlug('Electronics & Gadgets');
    /** The listing tags (members, price buckets) `write` notified. */
    const next = (write: SQL) => listener.tagsOf(write, (tag) => /^(members|price):/.test(tag));
    try {
      expect(await next(sql`update products set main_quantity = main_quantity - 1 where id = ${id}`)).toEqual(
        [],
      );
      expect(await next(sql`update products set price = 12.34 where id = ${id}`)).toEqual([
        'price:all:1200',
        `price:${slug}:1200`,
      ]);
      expect(await next(sql`update products set min_selling_quantity = 200 where id = ${id}`)).toEqual([
        'members:all',
        `members:${slug}`,
      ]);
      expect(await next(sql`update products set category_slug = ${electronics} where id = ${id}`)).toEqual([
        'members:all',
        `members:${electronics}`,
        `members:${slug}`,
      ]);
      expect(await next(sql`delete from products where id = ${id}`)).toEqual([
        'members:all',
        `members:${electronics}`,
      ]);
      // 300 products of one category made by one statement, then repriced over some 200 buckets by
      // another: more tags than a notification carries, so the members of the category instead.
      const copy = made[1]!._id;
      expect(
        await next(sql`insert into products (name, brand_name, category, category_slug, description, image,
            main_quantity, min_selling_quantity, price, rating, owner_uid, user_email, user_name)
          select name || ' ' || g, brand_name, category, category_slug, description, image, main_quantity,
            min_selling_quantity, price, rating, owner_uid, user_email, user_name
          from products, generate_series(1, 300) g where id = ${copy}`),
      ).toEqual(['members:all', `members:${slug}`]);
      expect(
        await next(sql`update products p set price = round(power(1.03, n)::numeric, 2)
          from (select id, row_number() over (order by id) n from products
            where category_slug = ${slug} and name like 'Ledger binder 1 %') s where p.id = s.id`),
      ).toEqual(['members:all', `members:${slug}`]);
    } finally {
      await listener.close();
    }
  });
});
