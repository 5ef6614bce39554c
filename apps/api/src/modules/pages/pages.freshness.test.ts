import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createProduct, makeUser, purchase, updateProduct } from '../../../test/factories';
import { readHead, webDirWithIndexHtml } from '../../../test/html';
import { seedCatalog } from '../../db/seed/seed';
import { within } from '../../../test/within';

/*
 * A product page's HTML is kept like its JSON and dropped by the same invalidation: the next HTML after
 * a price change or a purchase shows it, on this instance at once and on another one as soon as the
 * database's notification arrives.
 */
let t: TestApp;
let b: FastifyInstance;
let web: ReturnType<typeof webDirWithIndexHtml>;
beforeAll(async () => {
  web = webDirWithIndexHtml();
  t = await buildTestApp({ config: { webDistDir: web.dir } });
  await seedCatalog(t.database.db);
  b = await t.peer();
});
afterAll(async () => {
  await t?.close();
  web?.remove();
});

const html = async (app: FastifyInstance, url: string) => {
  const res = await app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  return readHead(res.body);
};
const priceOf = async (app: FastifyInstance, id: string) =>
  (await html(app, `/product/${id}`)).meta.get('product:price:amount');

describe('freshness of the server-made HTML', () => {
  const owner = makeUser('supplier');

  it('a price change shows in the next HTML here and on the other instance', async () => {
    const p = await createProduct(t, owner, { name: 'Cable ties', price: 4.2 });
    // Both instances keep the page (the second read is served from memory).
    for (const app of [t.app, b]) {
      expect(await priceOf(app, p._id)).toBe('4.20');
      expect(await priceOf(app, p._id)).toBe('4.20');
    }
    const listedBefore = await html(b, '/all-products');
    expect(listedBefore.itemList().itemListElement[0]?.name).toBe('Cable ties');

    const res = await updateProduct(t, owner, p._id, { name: 'Cable ties XL', price: 3.95 });
    expect(res.statusCode).toBe(200);
    // The instance that wrote: at once.
    expect(await priceOf(t.app, p._id)).toBe('3.95');
    // The other: as soon as the notification arrives.
    await within(
      5_000,
      () => priceOf(b, p._id),
      (price) => price === '3.95',
    );
    const product = (await html(b, `/product/${p._id}`)).product();
    expect(product.name).toBe('Cable ties XL');
    expect(product.offers.price).toBe('3.95');
    await within(
      5_000,
      async () => (await html(b, '/all-products')).itemList().itemListElement[0]?.name,
      (name) => name === 'Cable ties XL',
    );
  });

  it('a purchase that empties the stock turns the page out of stock on both instances', async () => {
    const p = await createProduct(t, owner, {
      name: 'Last pallets',
      mainQuantity: 20,
      minSellingQuantity: 10,
    });
    const availability = async (app: FastifyInstance) =>
      (await html(app, `/product/${p._id}`)).product().offers.availability;
    for (const app of [t.app, b]) expect(await availability(app)).toBe('https://schema.org/InStock');
    const bought = await purchase(t, makeUser('buyer'), p._id, 15);
    expect(bought.statusCode).toBe(200);
    expect(await availability(t.app)).toBe('https://schema.org/OutOfStock');
    await within(
      5_000,
      () => availability(b),
      (a) => a === 'https://schema.org/OutOfStock',
    );
  });
});
