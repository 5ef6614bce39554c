import { sql } from 'drizzle-orm';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/use-test-app';
import { createProduct, makeUser, updateProduct } from '../../../test/factories';

/*
 * robots.txt and the sitemap index over pages of at most 50,000 products, read from the database as a
 * stream. At 51,000 products (plus the seeded catalog) the index names two product pages, the first full.
 */
const SITE = 'https://shop.bulkwise.test';
const BULK = 51_000;

const t = useTestApp({ config: { publicUrl: SITE }, seed: true });
beforeAll(async () => {
  // One statement for the lot, on a connection of its own: the pool's limits are for requests.
  const client = new pg.Client({ connectionString: t.database.url });
  await client.connect();
  try {
    await client.query(
      `insert into products (name, brand_name, category, category_slug, description, image, main_quantity,
        min_selling_quantity, price, rating, owner_uid, user_email, user_name)
      select 'Bulk item ' || g, 'Bulkco', 'Office Supplies & Stationery', 'office_supplies_stationery',
        'Filler', '/images/products/placeholder.svg', 100, 1, 1.00, 4.0, 'bulk-owner', 'bulk@example.com', 'Bulk'
      from generate_series(1, $1::int) g`,
      [BULK],
    );
  } finally {
    await client.end();
  }
}, 180_000);

const get = (url: string) => t.app.inject({ method: 'GET', url });
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!);

describe('robots.txt', () => {
  it('allows the site, keeps crawlers out of the API and signed-in pages, and names the sitemap', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toContain('User-agent: *');
    expect(res.body).toContain('Disallow: /api/');
    expect(res.body).toContain('Disallow: /cart');
    expect(res.body).toContain(`Sitemap: ${SITE}/sitemap.xml`);
  });
});

describe('the sitemap', () => {
  it('is an index over the fixed pages and pages of at most 50,000 products that cover every product once', async () => {
    const counted = await t.database.db.execute(sql`select count(*)::int as n from products`);
    const total = (counted as unknown as { rows: Array<{ n: number }> }).rows[0]!.n;
    expect(total).toBeGreaterThan(BULK);
    const index = await get('/sitemap.xml');
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toMatch(/^application\/xml/);
    expect(index.body).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(locs(index.body)).toEqual([
      `${SITE}/sitemaps/pages.xml`,
      `${SITE}/sitemaps/products-1.xml`,
      `${SITE}/sitemaps/products-2.xml`,
    ]);

    const seen = new Set<string>();
    const sizes: number[] = [];
    for (const n of [1, 2]) {
      const res = await get(`/sitemaps/products-${n}.xml`);
      expect(res.statusCode).toBe(200);
      expect(res.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
      expect(res.body.trimEnd().endsWith('</urlset>')).toBe(true);
      const urls = [
        ...res.body.matchAll(
          /<url><loc>[^<]*\/product\/([0-9a-f-]{36})<\/loc><lastmod>([^<]+)<\/lastmod><\/url>/g,
        ),
      ];
      sizes.push(urls.length);
      for (const [, id, lastmod] of urls) {
        expect(Number.isNaN(Date.parse(lastmod!))).toBe(false);
        seen.add(id!);
      }
    }
    expect(sizes).toEqual([50_000, total - 50_000]);
    expect(seen.size).toBe(total);
    expect((await get('/sitemaps/products-3.xml')).statusCode).toBe(404);
    expect((await get('/sitemaps/products-0.xml')).statusCode).toBe(404);
    expect((await get('/sitemaps/other.xml')).statusCode).toBe(404);
  }, 120_000);

  it('lists home, categories, All Products and every category', async () => {
    const res = await get('/sitemaps/pages.xml');
    expect(res.statusCode).toBe(200);
    const categories = (await get('/api/categories')).json() as Array<{ _id: string }>;
    expect(locs(res.body)).toEqual([
      `${SITE}/`,
      `${SITE}/categories`,
      `${SITE}/all-products`,
      ...categories.map((c) => `${SITE}/category/${c._id}`),
    ]);
  });

  it('is fresh: a new product is in it, with a lastmod that moves when it changes', async () => {
    const owner = makeUser('supplier');
    const p = await createProduct(t, owner, { name: 'Fresh in the sitemap' });
    const lastmodOf = async () => {
      for (const n of [1, 2]) {
        const body = (await get(`/sitemaps/products-${n}.xml`)).body;
        const m = new RegExp(`/product/${p._id}</loc><lastmod>([^<]+)</lastmod>`).exec(body);
        if (m) return m[1];
      }
      return undefined;
    };
    const before = await lastmodOf();
    expect(before).toBeDefined();
    const res = await updateProduct(t, owner, p._id, { name: 'Fresh in the sitemap', price: 99 });
    expect(res.statusCode).toBe(200);
    const after = await lastmodOf();
    expect(Date.parse(after!)).toBeGreaterThan(Date.parse(before!));
  }, 60_000);
});
