import { PRODUCT_CATEGORIES, categorySlug } from '@bulkwise/contracts';
import { describe, expect, it } from 'vitest';
import { errorBody } from '../../../test/factories';
import { useTestApp } from '../../../test/use-test-app';
import { SEED_PRODUCTS } from '../../db/seed/catalog';

const t = useTestApp({ seed: true });

describe('GET /api/categories', () => {
  it('lists the seven fixed categories in order with real product counts', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/categories' });
    expect(res.statusCode).toBe(200);
    const categories = res.json() as Array<{
      name: string;
      slug: string;
      productCount: number;
      subcategories: string[];
    }>;
    expect(categories.map((c) => c.name)).toEqual([...PRODUCT_CATEGORIES]);
    for (const c of categories) {
      expect(c.slug).toBe(categorySlug(c.name));
      expect(c.productCount).toBe(SEED_PRODUCTS.filter((p) => p.category === c.name).length);
      expect(c.subcategories.length).toBeGreaterThan(0);
    }
  });

  it('is public and needs no token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/categories', headers: {} });
    expect(res.statusCode).toBe(200);
  });
});

describe('GET /api/categories/:id', () => {
  it('answers one category with name and image', async () => {
    const [first] = (await t.app.inject({ method: 'GET', url: '/api/categories' })).json();
    const res = await t.app.inject({ method: 'GET', url: `/api/categories/${first._id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ _id: first._id, name: first.name, image: first.image });
  });

  it.each(['00000000-0000-4000-8000-000000000000', 'not-a-uuid', "1' or '1'='1"])(
    '404s for %s',
    async (id) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/categories/${encodeURIComponent(id)}` });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject(errorBody('NOT_FOUND', 'Category not found'));
    },
  );
});

describe('errors', () => {
  it('unknown API routes answer the JSON error body', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toMatchObject({
      code: 'NOT_FOUND',
      message: expect.any(String),
      requestId: expect.any(String),
    });
  });

  it('health reports the database', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: 'ok', instance: t.config.instanceId });
  });

  it('the OpenAPI document describes every call of the spec', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/jwt',
        '/api/categories',
        '/api/categories/{id}',
        '/api/products',
        '/api/products/{id}',
        '/api/products/purchase/{id}',
        '/api/cart',
        '/api/cart/{id}',
      ]),
    );
  });

  it('responses carry security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/categories' });
    expect(res.headers['content-security-policy']).toMatch(/script-src 'self'/);
    expect(res.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
  });
});

describe('compression', () => {
  it('compresses large answers for clients that accept it, and only for them', async () => {
    const compressed = await t.app.inject({
      method: 'GET',
      url: '/api/products?limit=50',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(compressed.statusCode).toBe(200);
    expect(compressed.headers['content-encoding']).toBe('br');
    const plain = await t.app.inject({ method: 'GET', url: '/api/products?limit=50' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(compressed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
  });
});
