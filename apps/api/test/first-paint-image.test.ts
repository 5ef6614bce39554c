import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './build-test-app';
import { createProduct, makeUser, updateProduct } from './factories';

/*
 * The HTML of a product page and of the bare All Products page names the image that page paints
 * largest, so the browser fetches it with the entry script instead of after the script and the JSON
 * (docs/decisions/0014-page-speed.md). The hint follows the data: a changed image is named at once.
 */
let t: TestApp;
let webDir: string;

beforeAll(async () => {
  webDir = mkdtempSync(path.join(tmpdir(), 'bulkwise-first-paint-'));
  writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><div id="root"></div>');
  t = await buildTestApp({ config: { webDistDir: webDir } });
});
afterAll(async () => {
  await t?.close();
  if (webDir) rmSync(webDir, { recursive: true, force: true });
});

const imagePreload = (url: string) => `<${url}>; rel=preload; as=image; fetchpriority=high`;
const links = async (url: string, status = 200) => {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, url).toBe(status);
  expect(res.headers['content-type'], url).toMatch(/^text\/html/);
  return String(res.headers.link ?? '').split(', ');
};
const imageLinks = async (url: string, status = 200) =>
  (await links(url, status)).filter((link) => link.includes('as=image'));

describe('the image of the first paint, named with the HTML', () => {
  const owner = makeUser('supplier');

  it("names a product page's image, and the new one right after the owner changes it", async () => {
    const product = await createProduct(t, owner, { image: '/images/products/pallet-wrap.svg' });
    // Read once through the API, so the HTML's hint comes from the kept answer, which the update must drop.
    expect((await t.app.inject({ method: 'GET', url: `/api/products/${product._id}` })).statusCode).toBe(200);
    expect(await imageLinks(`/product/${product._id}`)).toEqual([
      imagePreload('/images/products/pallet-wrap.svg'),
    ]);

    const updated = await updateProduct(t, owner, product._id, {
      image: 'https://cdn.example.com/pallet-wrap-v2.png',
    });
    expect(updated.statusCode).toBe(200);
    expect(await imageLinks(`/product/${product._id}`)).toEqual([
      imagePreload('https://cdn.example.com/pallet-wrap-v2.png'),
    ]);
  });

  it("names the first All Products card's image (the newest product) only for the bare page", async () => {
    await createProduct(t, owner, { image: '/images/products/older.svg' });
    expect(await imageLinks('/all-products')).toEqual([imagePreload('/images/products/older.svg')]);
    // The app's first page is now kept; a new product drops it and leads the next hint.
    expect((await t.app.inject({ method: 'GET', url: '/api/products?limit=24' })).statusCode).toBe(200);
    expect(await imageLinks('/all-products')).toEqual([imagePreload('/images/products/older.svg')]);
    await createProduct(t, owner, { image: '/images/products/newest.svg' });
    expect(await imageLinks('/all-products')).toEqual([imagePreload('/images/products/newest.svg')]);
    // With toolbar state in the URL the first card is another one: no guess is sent.
    expect(await imageLinks('/all-products?sort=price_asc')).toEqual([]);
  });

  it('sends the page without an image hint for a missing product, a malformed id or another page', async () => {
    // A missing product's page is a 404 (modules/pages), still with the app's data links.
    expect(await imageLinks('/product/0b8f3a52-5d7e-4c1a-9f0e-000000000000', 404)).toEqual([]);
    expect(await imageLinks('/product/not-a-uuid', 404)).toEqual([]);
    expect(await imageLinks('/categories')).toEqual([]);
    // The data links are still there.
    expect(await links('/product/not-a-uuid', 404)).toContain(
      '</api/categories>; rel=preload; as=fetch; crossorigin',
    );
  });

  it('never writes an image URL that would break the Link header', async () => {
    const image = 'https://cdn.example.com/a,b;rel=stylesheet.png';
    const product = await createProduct(t, owner, { image });
    const header = await links(`/product/${product._id}`);
    expect(header.some((link) => link.includes('cdn.example.com'))).toBe(false);
    // The product itself is served as stored.
    expect((await t.app.inject({ method: 'GET', url: `/api/products/${product._id}` })).json().image).toBe(
      image,
    );
  });
});
