import {
  MIN_ORDER_FILTER_THRESHOLD,
  NEXT_CURSOR_HEADER,
  TOTAL_COUNT_HEADER,
  categorySlug,
} from '@bulkwise/contracts';
import { describe, expect, it } from 'vitest';
import { stampWithinOneMillisecond } from '../../../test/same-millisecond';
import { useTestApp } from '../../../test/use-test-app';
import {
  bearer,
  createProduct,
  makeUser,
  productInput,
  call,
  errorBody,
  updateProduct,
} from '../../../test/factories';
import { SEED_PRODUCTS } from '../../db/seed/catalog';

const t = useTestApp({ seed: true });

type P = {
  _id: string;
  price: number;
  minSellingQuantity: number;
  categorySlug: string;
  name: string;
  userEmail?: string;
};
const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('GET /api/products', () => {
  it('lists the seeded catalog without owner emails, with the total in a header', async () => {
    const res = await get('/api/products');
    expect(res.statusCode).toBe(200);
    const products = res.json() as P[];
    expect(products.length).toBe(SEED_PRODUCTS.length);
    expect(res.headers[TOTAL_COUNT_HEADER]).toBe(String(SEED_PRODUCTS.length));
    expect(res.headers[NEXT_CURSOR_HEADER]).toBeUndefined();
    for (const p of products) {
      expect(p.userEmail).toBeUndefined();
      expect(p).toHaveProperty('userName');
    }
  });

  it('filters by category slug, and an unknown slug gives an empty array', async () => {
    const slug = categorySlug('Health & Beauty');
    const res = await get(`/api/products?category=${slug}`);
    const products = res.json() as P[];
    expect(products.length).toBe(SEED_PRODUCTS.filter((p) => p.category === 'Health & Beauty').length);
    expect(products.every((p) => p.categorySlug === slug)).toBe(true);
    expect((await get('/api/products?category=no_such_slug')).json()).toEqual([]);
  });

  it('sorts by price both ways and keeps only bulk products with minOrderOver', async () => {
    const asc = (await get('/api/products?sort=price_asc')).json() as P[];
    const prices = asc.map((p) => p.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const desc = (await get('/api/products?sort=price_desc')).json() as P[];
    expect(desc.map((p) => p.price)).toEqual([...prices].reverse());

    const bulk = (
      await get(`/api/products?minOrderOver=${MIN_ORDER_FILTER_THRESHOLD}&sort=price_asc`)
    ).json() as P[];
    expect(bulk.length).toBe(
      SEED_PRODUCTS.filter((p) => p.minSellingQuantity > MIN_ORDER_FILTER_THRESHOLD).length,
    );
    expect(bulk.every((p) => p.minSellingQuantity > MIN_ORDER_FILTER_THRESHOLD)).toBe(true);
  });

  it('pages with a cursor through every product exactly once, in order', async () => {
    for (const sort of ['', '&sort=price_asc', '&sort=price_desc']) {
      const seen: P[] = [];
      let cursor: string | undefined;
      do {
        const res = await get(`/api/products?limit=7${sort}${cursor ? `&cursor=${cursor}` : ''}`);
        expect(res.statusCode).toBe(200);
        expect(res.headers[TOTAL_COUNT_HEADER]).toBe(String(SEED_PRODUCTS.length));
        seen.push(...(res.json() as P[]));
        cursor = res.headers[NEXT_CURSOR_HEADER] as string | undefined;
      } while (cursor);
      expect(seen.length).toBe(SEED_PRODUCTS.length);
      expect(new Set(seen.map((p) => p._id)).size).toBe(SEED_PRODUCTS.length);
      const all = (await get(`/api/products?limit=500${sort}`)).json() as P[];
      expect(seen.map((p) => p._id)).toEqual(all.map((p) => p._id));
    }
  });

  it('pages newest first through products created within one millisecond without skipping any', async () => {
    const owner = makeUser('burst');
    const created = [];
    for (const name of ['Burst A', 'Burst B', 'Burst C', 'Burst D'])
      created.push((await createProduct(t, owner, { name }))._id);
    // As a bulk import or concurrent suppliers write them: same millisecond, different microseconds.
    await stampWithinOneMillisecond(t.database.db, 'products', 'created_at', created);
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const res = await get(
        `/api/products?email=${encodeURIComponent(owner.email)}&limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        await bearer(t, owner),
      );
      expect(res.statusCode).toBe(200);
      seen.push(...(res.json() as P[]).map((p) => p.name));
      cursor = res.headers[NEXT_CURSOR_HEADER] as string | undefined;
    } while (cursor && seen.length < 10);
    expect(seen).toEqual(['Burst D', 'Burst C', 'Burst B', 'Burst A']);
  });

  it('searches name and brand, case-insensitively, treating % and _ literally', async () => {
    const target = SEED_PRODUCTS[3]!;
    const word = target.name.split(' ')[0]!.toUpperCase();
    const found = (await get(`/api/products?q=${encodeURIComponent(word)}`)).json() as P[];
    expect(found.some((p) => p.name === target.name)).toBe(true);
    expect((await get('/api/products?q=%25')).json()).toEqual([]);
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=abc', 'limit'],
    ['limit=501', 'limit'],
    ['sort=name', 'sort'],
    ['minOrderOver=-1', 'minOrderOver'],
    ['cursor=garbage', 'cursor'],
    ['category=%3Bdrop%20table', 'category'],
  ])('rejects %s with 400 naming the field', async (query, field) => {
    const res = await get(`/api/products?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(Object.keys(res.json().fields)).toContain(field);
  });

  it('lists only the caller their own products with ?email=, and refuses anyone else', async () => {
    const owner = makeUser('owner');
    const stranger = makeUser('stranger');
    await createProduct(t, owner, { name: 'Owner widget' });
    const mine = await get(`/api/products?email=${encodeURIComponent(owner.email)}`, await bearer(t, owner));
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual([expect.objectContaining({ name: 'Owner widget', userEmail: owner.email })]);

    expect((await get(`/api/products?email=${encodeURIComponent(owner.email)}`)).statusCode).toBe(401);
    const theirs = await get(
      `/api/products?email=${encodeURIComponent(owner.email)}`,
      await bearer(t, stranger),
    );
    expect(theirs.statusCode).toBe(403);
    expect(
      (
        await get(`/api/products?email=${encodeURIComponent(stranger.email)}`, await bearer(t, stranger))
      ).json(),
    ).toEqual([]);
  });
});

describe('GET /api/products first pages', () => {
  it('show a product created, updated or deleted through the API on the very next request', async () => {
    const owner = makeUser('fresh');
    const before = await get('/api/products?limit=5');
    const total = Number(before.headers[TOTAL_COUNT_HEADER]);
    expect((await get('/api/products?limit=5')).body).toBe(before.body);

    const created = await createProduct(t, owner, { name: 'Just listed' });
    const after = await get('/api/products?limit=5');
    expect((after.json() as P[])[0]).toMatchObject({ _id: created._id, name: 'Just listed' });
    expect(after.headers[TOTAL_COUNT_HEADER]).toBe(String(total + 1));

    const headers = await bearer(t, owner);
    await t.app.inject({
      method: 'PUT',
      url: `/api/products/${created._id}`,
      headers,
      payload: productInput({ name: 'Renamed listing' }),
    });
    expect(((await get('/api/products?limit=5')).json() as P[])[0]).toMatchObject({
      name: 'Renamed listing',
    });

    await t.app.inject({ method: 'DELETE', url: `/api/products/${created._id}`, headers });
    const gone = await get('/api/products?limit=5');
    expect((gone.json() as P[]).some((p) => p._id === created._id)).toBe(false);
    expect(gone.headers[TOTAL_COUNT_HEADER]).toBe(String(total));
  });

  it('serve the same body and headers as an uncached page, without owner emails', async () => {
    const first = await get(
      `/api/products?sort=price_asc&minOrderOver=${MIN_ORDER_FILTER_THRESHOLD}&limit=24`,
    );
    const again = await get(
      `/api/products?sort=price_asc&minOrderOver=${MIN_ORDER_FILTER_THRESHOLD}&limit=24`,
    );
    expect(again.body).toBe(first.body);
    expect(again.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(again.headers[TOTAL_COUNT_HEADER]).toBe(first.headers[TOTAL_COUNT_HEADER]);
    expect(again.headers[NEXT_CURSOR_HEADER]).toBe(first.headers[NEXT_CURSOR_HEADER]);
    expect(
      (again.json() as P[]).every(
        (p) => p.userEmail === undefined && p.minSellingQuantity > MIN_ORDER_FILTER_THRESHOLD,
      ),
    ).toBe(true);
  });
});

describe('GET /api/products/:id', () => {
  it('answers one public product', async () => {
    const [first] = (await get('/api/products')).json() as P[];
    const res = await get(`/api/products/${first!._id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ _id: first!._id, name: first!.name });
    expect(res.json().userEmail).toBeUndefined();
  });

  it.each(['00000000-0000-4000-8000-000000000000', 'abc', '..%2F..%2Fetc'])('404s for %s', async (id) => {
    const res = await get(`/api/products/${id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject(errorBody('NOT_FOUND', 'Product not found'));
  });
});

describe('GET /api/my-products/:id', () => {
  it('answers the owner their product with its email, someone else 403, a missing one 404, no token 401', async () => {
    const owner = makeUser('owner');
    const other = makeUser('other');
    const product = await createProduct(t, owner, { name: 'Mine alone' });
    // A public read first, so the public cache holds this product's body.
    expect((await get(`/api/products/${product._id}`)).statusCode).toBe(200);

    const own = await get(`/api/my-products/${product._id}`, await bearer(t, owner));
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ _id: product._id, name: 'Mine alone', userEmail: owner.email });
    expect((await get(`/api/my-products/${product._id}`, await bearer(t, other))).statusCode).toBe(403);
    const missing = await get(
      '/api/my-products/00000000-0000-4000-8000-000000000000',
      await bearer(t, owner),
    );
    expect(missing.statusCode).toBe(404);
    expect((await get(`/api/my-products/${product._id}`)).statusCode).toBe(401);

    const docs = (await get('/api/docs/json')).json();
    expect(docs.paths['/api/my-products/{id}'].get.security).toEqual([{ bearer: [] }]);
    // Public: it declares that it needs nothing.
    expect(docs.paths['/api/products/{id}'].get.security).toEqual([]);

    // The public read stays public whoever asks.
    const publicRead = await get(`/api/products/${product._id}`, await bearer(t, owner));
    expect(publicRead.json().userEmail).toBeUndefined();
  });
});

describe('POST /api/products', () => {
  it('creates a product owned by the token, deriving email, name and slug on the server', async () => {
    const owner = makeUser('supplier');
    const res = await call(t, owner, 'POST', '/api/products', {
      ...productInput({ category: 'Home & Kitchen Appliances' }),
      userEmail: 'victim@example.com',
      userName: 'Someone Else',
      categorySlug: 'electronics_gadgets',
      _id: '00000000-0000-4000-8000-000000000001',
      ownerUid: 'attacker',
    });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({
      userEmail: owner.email,
      userName: owner.name,
      categorySlug: 'home_kitchen_appliances',
      price: 12.5,
      rating: 4.3,
    });
    expect(created._id).not.toBe('00000000-0000-4000-8000-000000000001');
    expect((await get(`/api/products/${created._id}`)).json()).toMatchObject({
      name: 'Galvanised bolts M10',
    });

    // Accepted from older clients and ignored, so not documented.
    const docs = (await get('/api/docs/json')).json();
    const body = docs.paths['/api/products'].post.requestBody.content['application/json'].schema;
    expect(body.properties).toHaveProperty('name');
    expect(body.properties).not.toHaveProperty('userEmail');
    expect(body.properties).not.toHaveProperty('userName');
    expect(body.properties).not.toHaveProperty('categorySlug');
  });

  it("names the supplier 'Anonymous' when they have no display name", async () => {
    const owner = { ...makeUser('anon'), name: '' };
    expect((await createProduct(t, owner)) as unknown).toMatchObject({ userName: 'Anonymous' });
  });

  it.each([
    ['image', { image: '' }],
    ['image', { image: 'javascript:alert(1)' }],
    ['image', { image: 'data:text/html,<script>alert(1)</script>' }],
    ['mainQuantity', { mainQuantity: 0 }],
    ['mainQuantity', { mainQuantity: 2.5 }],
    ['minSellingQuantity', { minSellingQuantity: 0 }],
    ['price', { price: 0 }],
    ['price', { price: 10.001 }],
    ['rating', { rating: 6 }],
    ['rating', { rating: 4.55 }],
    ['category', { category: 'Toys' }],
    ['name', { name: '' }],
    ['description', { description: 'x'.repeat(5001) }],
  ])('rejects a bad %s with 400 and stores nothing', async (field, change) => {
    const owner = makeUser('bad');
    const res = await call(t, owner, 'POST', '/api/products', { ...productInput(), ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { [field]: expect.any(String) } });
    expect(res.json().message).toContain(field);
    const mine = await get(`/api/products?email=${encodeURIComponent(owner.email)}`, await bearer(t, owner));
    expect(mine.json()).toEqual([]);
  });

  it('rejects bodies that are not JSON objects, and oversized bodies', async () => {
    const headers = await bearer(t, makeUser());
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().code).toBe('BAD_REQUEST');
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers,
      payload: productInput({ description: 'x'.repeat(200_000) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().code).toBe('PAYLOAD_TOO_LARGE');
  });
});

describe('PUT and DELETE /api/products/:id', () => {
  it('lets the owner update only the editable fields', async () => {
    const owner = makeUser('owner');
    const product = await createProduct(t, owner);
    const res = await call(t, owner, 'PUT', `/api/products/${product._id}`, {
      ...productInput({
        name: 'Renamed',
        price: 9.99,
        category: 'Office Supplies & Stationery',
        mainQuantity: 77,
      }),
      _id: '00000000-0000-4000-8000-000000000002',
      userEmail: 'victim@example.com',
      ownerUid: 'someone-else',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      _id: product._id,
      name: 'Renamed',
      price: 9.99,
      mainQuantity: 77,
      categorySlug: 'office_supplies_stationery',
      userEmail: owner.email,
    });
  });

  it("refuses another user's update and delete with 403, an unknown id with 404", async () => {
    const owner = makeUser('owner');
    const other = makeUser('other');
    const product = await createProduct(t, owner);
    const put = await updateProduct(t, other, product._id, { name: 'Hijacked' });
    expect(put.statusCode).toBe(403);
    const del = await call(t, other, 'DELETE', `/api/products/${product._id}`);
    expect(del.statusCode).toBe(403);
    expect((await get(`/api/products/${product._id}`)).json().name).toBe('Galvanised bolts M10');

    const missing = await call(t, owner, 'DELETE', '/api/products/00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
  });

  it('deletes for the owner', async () => {
    const owner = makeUser('owner');
    const product = await createProduct(t, owner);
    const res = await call(t, owner, 'DELETE', `/api/products/${product._id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deleted: true, _id: product._id });
    expect((await get(`/api/products/${product._id}`)).statusCode).toBe(404);
  });
});

describe('SKU', () => {
  const write = async (
    method: 'POST' | 'PUT',
    owner: ReturnType<typeof makeUser>,
    payload: object,
    id = '',
  ) =>
    t.app.inject({ method, url: `/api/products${id && `/${id}`}`, headers: await bearer(t, owner), payload });

  it('is trimmed, shown to everyone, unique per supplier (409 naming the field) but shared across suppliers', async () => {
    const owner = makeUser('owner');
    const rival = makeUser('rival');
    const created = await write('POST', owner, productInput({ sku: '  AB-100  ' }));
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ sku: 'AB-100' });
    expect((await get(`/api/products/${created.json()._id}`)).json()).toMatchObject({ sku: 'AB-100' });

    const duplicate = await write('POST', owner, productInput({ sku: 'AB-100' }));
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({
      code: 'CONFLICT',
      fields: { sku: 'You already have a product with this SKU' },
    });
    expect((await write('POST', rival, productInput({ sku: 'AB-100' }))).statusCode).toBe(201);

    const other = await write('POST', owner, productInput({ sku: 'AB-200' }));
    const renamed = await write('PUT', owner, productInput({ sku: 'AB-100' }), other.json()._id);
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json().fields).toEqual({ sku: 'You already have a product with this SKU' });
  });

  it('is optional: none, blank or null store no SKU; an update without one keeps it; bad ones are 400', async () => {
    const owner = makeUser('owner');
    const none = await write('POST', owner, productInput());
    const blank = await write('POST', owner, productInput({ sku: '   ' }));
    expect([none.json().sku, blank.json().sku]).toEqual([null, null]);
    const kept = await write('POST', owner, productInput({ sku: 'KEEP-1' }));
    const { sku: _omit, ...withoutSku } = productInput({ name: 'Renamed' });
    expect((await write('PUT', owner, withoutSku, kept.json()._id)).json()).toMatchObject({
      name: 'Renamed',
      sku: 'KEEP-1',
    });
    expect((await write('PUT', owner, productInput({ sku: null }), kept.json()._id)).json()).toMatchObject({
      sku: null,
    });

    for (const [sku, message] of [
      ['x'.repeat(65), 'SKU must be at most 64 characters'],
      ['AB\t1', 'SKU must contain only printable characters'],
      ['AB\u200B1', 'SKU must contain only printable characters'],
    ]) {
      const res = await write('POST', owner, productInput({ sku }));
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toMatchObject({ sku: message });
    }
  });
});
