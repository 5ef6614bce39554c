import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createProduct, makeUser, call } from '../../../test/factories';
import { readHead, visibleText, webDirWithIndexHtml } from '../../../test/html';
import { seedCatalog } from '../../db/seed/seed';

/*
 * The HTML of product, category, listing and home pages carries its own head (title, description,
 * canonical, Open Graph, Twitter, JSON-LD) and its visible content, for crawlers, link previews and
 * browsers without JavaScript (decision 0024).
 */
let t: TestApp;
let web: ReturnType<typeof webDirWithIndexHtml>;
const SITE = 'https://shop.bulkwise.test';
const owner = makeUser('supplier');

beforeAll(async () => {
  web = webDirWithIndexHtml();
  t = await buildTestApp({ config: { webDistDir: web.dir, publicUrl: SITE } });
  await seedCatalog(t.database.db);
});
afterAll(async () => {
  await t?.close();
  web?.remove();
});

const page = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.headers['content-type'], url).toMatch(/^text\/html/);
  return { status: res.statusCode, html: res.body, head: readHead(res.body) };
};

describe('a product page', () => {
  it('has its head, Product JSON-LD with the volume breaks, breadcrumbs and visible content', async () => {
    const p = await createProduct(t, owner, {
      name: 'Kraft boxes 40x30',
      price: 2.5,
      brandName: 'Boxly',
      minSellingQuantity: 50,
      category: 'Office Supplies & Stationery',
      mainQuantity: 4000,
      description: 'Double wall, 500 per pallet.',
      sku: 'KB-4030',
      image: 'https://cdn.example.com/kraft-1280.jpg',
      priceTiers: [
        { minQuantity: 500, price: 2.1 },
        { minQuantity: 2000, price: 1.85 },
      ],
    });
    const { status, html, head } = await page(`/product/${p._id}`);
    expect(status).toBe(200);
    const url = `${SITE}/product/${p._id}`;
    expect(head.title).toBe('Kraft boxes 40x30 | Bulkwise');
    expect(head.canonical).toBe(url);
    expect(head.meta.get('description')).toBe(
      '$2.50 per unit, minimum order 50. Double wall, 500 per pallet.',
    );
    expect(head.meta.get('og:type')).toBe('product');
    expect(head.meta.get('og:title')).toBe('Kraft boxes 40x30 | Bulkwise');
    expect(head.meta.get('og:url')).toBe(url);
    expect(head.meta.get('og:image')).toBe('https://cdn.example.com/kraft-1280.jpg');
    expect(head.meta.get('product:price:amount')).toBe('2.50');
    expect(head.meta.get('product:price:currency')).toBe('USD');
    expect(head.meta.get('product:availability')).toBe('instock');
    expect(head.meta.get('twitter:card')).toBe('summary_large_image');
    expect(head.meta.get('twitter:image')).toBe(head.meta.get('og:image'));
    expect(head.meta.get('twitter:data1')).toBe('$2.50 USD');
    expect(head.meta.has('robots')).toBe(false);

    const product = head.product();
    expect(product).toMatchObject({
      name: 'Kraft boxes 40x30',
      sku: 'KB-4030',
      brand: { '@type': 'Brand', name: 'Boxly' },
      image: [head.meta.get('og:image')],
      offers: {
        '@type': 'Offer',
        url,
        price: '2.50',
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
        eligibleQuantity: { minValue: 50 },
      },
    });
    expect(
      product.offers.priceSpecification.map((s) => [
        s.price,
        s.eligibleQuantity.minValue,
        s.eligibleQuantity.maxValue,
      ]),
    ).toEqual([
      ['2.50', 50, 499],
      ['2.10', 500, 1999],
      ['1.85', 2000, undefined],
    ]);
    const crumbs = head.breadcrumbs().itemListElement.map((c) => c.name);
    expect(crumbs).toEqual(['Home', 'Office Supplies & Stationery', 'Kraft boxes 40x30']);

    // A browser without JavaScript reads the product; the overlay gives way to it.
    const text = visibleText(html);
    for (const shown of [
      'Kraft boxes 40x30',
      '$2.50',
      'Double wall, 500 per pallet.',
      '500+ units',
      '$2.10',
      '$1.85',
    ]) {
      expect(text).toContain(shown);
    }
    expect(html).toContain(
      '<noscript><style>[data-testid="startup-overlay"]{display:none!important}[data-server-view]{display:block!important}</style></noscript>',
    );
    // With JavaScript the view is not displayed: the overlay covers it until React replaces it.
    expect(html).toContain('<div data-server-view style="display:none"><main');
    // The photo, for readers without JavaScript only (no second image while the app starts).
    expect(html).toContain(
      '<noscript><img src="https://cdn.example.com/kraft-1280.jpg" alt="Kraft boxes 40x30"',
    );
    // The app still boots from the same document.
    expect(html).toContain('data-testid="startup-overlay"');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
  });

  it('without breaks: one price specification from the minimum order, no breaks table', async () => {
    const p = await createProduct(t, owner, { name: 'Pallet wrap', price: 19.99, minSellingQuantity: 12 });
    const { html, head } = await page(`/product/${p._id}`);
    const specs = head.product().offers.priceSpecification;
    expect(specs).toEqual([
      {
        '@type': 'UnitPriceSpecification',
        price: '19.99',
        priceCurrency: 'USD',
        eligibleQuantity: { '@type': 'QuantitativeValue', minValue: 12, unitCode: 'C62' },
      },
    ]);
    expect(html).not.toContain('Volume pricing');
    expect(visibleText(html)).toContain('$19.99');
  });

  it('out of stock: OutOfStock in JSON-LD and Open Graph, and on the page', async () => {
    const p = await createProduct(t, owner, { name: 'Last crates', mainQuantity: 5, minSellingQuantity: 10 });
    const { status, html, head } = await page(`/product/${p._id}`);
    expect(status).toBe(200);
    expect(head.product().offers.availability).toBe('https://schema.org/OutOfStock');
    expect(head.meta.get('product:availability')).toBe('oos');
    expect(visibleText(html)).toContain('Out of stock');
  });

  it('deleted, missing or malformed: 404 with noindex, never a 200', async () => {
    const p = await createProduct(t, owner, { name: 'Gone soon' });
    expect((await page(`/product/${p._id}`)).status).toBe(200);
    const deleted = await call(t, owner, 'DELETE', `/api/products/${p._id}`);
    expect(deleted.statusCode).toBe(200);
    for (const url of [
      `/product/${p._id}`,
      '/product/0b8f3a52-5d7e-4c1a-9f0e-000000000000',
      '/product/nope',
    ]) {
      const { status, html, head } = await page(url);
      expect(status, url).toBe(404);
      expect(head.meta.get('robots'), url).toBe('noindex');
      expect(head.canonical, url).toBeUndefined();
      expect(head.jsonLd, url).toEqual([]);
      expect(html, url).not.toContain('Gone soon');
    }
  });
});

describe('hostile names', () => {
  const hostile = ['</script><script>alert(1)</script>', '"><img src=x onerror=alert(1)>'];

  it.each(hostile)('%s breaks no tag, no JSON-LD and no visible text', async (evil) => {
    const p = await createProduct(t, owner, {
      name: evil,
      brandName: evil,
      description: `${evil} & more ${evil}`,
      category: 'Health & Beauty',
      priceTiers: [{ minQuantity: 100, price: 10 }],
    });
    const { html, head } = await page(`/product/${p._id}`);
    // Nothing the supplier typed is markup: no new element, no attribute break-out.
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('<img src=x');
    expect(html.match(/<script/g)?.length).toBe(head.jsonLd.length + 1 /* the app's entry script */);
    // Every tag and the JSON-LD read back exactly what was typed.
    expect(head.title).toBe(`${evil} | Bulkwise`);
    for (const tag of ['og:title', 'twitter:title', 'og:image:alt', 'twitter:image:alt']) {
      expect(head.meta.get(tag), tag).toContain(evil);
    }
    for (const tag of ['description', 'og:description', 'twitter:description']) {
      expect(head.meta.get(tag), tag).toContain(evil);
    }
    const product = head.product();
    expect(product.name).toBe(evil);
    expect(product.brand.name).toBe(evil);
    expect(product.description).toBe(`${evil} & more ${evil}`);
    expect(head.breadcrumbs().itemListElement.at(-1)?.name).toBe(evil);
    expect(visibleText(html)).toContain(evil);

    // The listing that shows it is just as safe.
    const listing = await page('/all-products');
    expect(listing.html).not.toContain('<script>alert(1)');
    expect(listing.html).not.toContain('<img src=x');
    expect(listing.head.itemList().itemListElement[0]?.name).toBe(evil);
  });
});

describe('listing pages and home', () => {
  it("All Products: title, canonical, ItemList of the first page (the app's 24), its cards visible", async () => {
    const newest = await createProduct(t, owner, { name: 'Newest listed item', price: 3 });
    const { status, html, head } = await page('/all-products');
    expect(status).toBe(200);
    expect(head.title).toBe('All Products | Bulkwise');
    expect(head.canonical).toBe(`${SITE}/all-products`);
    const list = head.itemList();
    expect(list.itemListElement).toHaveLength(24);
    expect(list.itemListElement[0]).toMatchObject({
      position: 1,
      name: 'Newest listed item',
      url: `${SITE}/product/${newest._id}`,
    });
    expect(html).toContain(`href="/product/${newest._id}"`);
    expect(visibleText(html)).toContain('Newest listed item');
    // With toolbar state in the URL, the app alone makes the page.
    const sorted = await page('/all-products?sort=price_asc');
    expect(sorted.head.title).toBe('Bulkwise');
  });

  it('a category: its name, description, breadcrumbs and products; an unknown one is a 404', async () => {
    const categories = (await t.app.inject({ method: 'GET', url: '/api/categories' })).json() as Array<{
      _id: string;
      name: string;
      slug: string;
    }>;
    const health = categories.find((c) => c.name === 'Health & Beauty')!;
    const { status, head, html } = await page(`/category/${health._id}`);
    expect(status).toBe(200);
    expect(head.title).toBe('Health & Beauty | Bulkwise');
    expect(head.canonical).toBe(`${SITE}/category/${health._id}`);
    expect(head.breadcrumbs().itemListElement.map((c) => c.name)).toEqual([
      'Home',
      'Categories',
      'Health & Beauty',
    ]);
    const api = (
      await t.app.inject({ method: 'GET', url: `/api/products?category=${health.slug}&limit=24` })
    ).json() as Array<{ name: string }>;
    expect(head.itemList().itemListElement.map((i) => i.name)).toEqual(api.map((p) => p.name));
    expect(visibleText(html)).toContain(api[0]!.name);

    const missing = await page('/category/0b8f3a52-5d7e-4c1a-9f0e-000000000000');
    expect(missing.status).toBe(404);
    expect(missing.head.meta.get('robots')).toBe('noindex');
  });

  it('home: its title, canonical and the category links', async () => {
    const { status, head, html } = await page('/');
    expect(status).toBe(200);
    expect(head.title).toBe('Home | Bulkwise');
    expect(head.canonical).toBe(`${SITE}/`);
    expect(head.meta.get('og:type')).toBe('website');
    expect(html).toMatch(/href="\/category\/[0-9a-f-]{36}"/);
  });

  it('other pages keep the app shell as it was', async () => {
    const { status, head } = await page('/login');
    expect(status).toBe(200);
    expect(head.title).toBe('Bulkwise');
  });
});
