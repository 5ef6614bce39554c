import { describe, expect, it } from 'vitest';
import { json, mockApi } from '@/test/mock-api';
import { getCategoryProductPage } from './get-category-products';

const product = (name: string, category: string) => ({
  _id: name,
  image: '/images/placeholder.svg',
  name,
  brandName: 'B',
  category,
  categorySlug: '',
  description: 'd',
  mainQuantity: 10,
  minSellingQuantity: 1,
  price: 1,
  rating: 4,
  priceTiers: [],
  userName: 'U',
  supplierId: 'S',
  createdAt: '2026-01-01T00:00:00.000Z',
});

/** Answers GET /api/products; the query strings asked, in order. */
function stubProducts(answer: (url: URL) => { body: unknown[]; headers?: Record<string, string> }) {
  const { calls } = mockApi({
    'GET /api/products': ({ url }) => {
      const { body, headers } = answer(url);
      return json(body, 200, headers);
    },
  });
  return () => calls.map((call) => call.url.search);
}

describe('getCategoryProductPage', () => {
  it('uses the slug query and its paging headers when it finds products', async () => {
    const asked = stubProducts(() => ({
      body: [product('a', 'Health & Beauty')],
      headers: { 'x-total-count': '30', 'x-next-cursor': 'next' },
    }));
    const page = await getCategoryProductPage('health_beauty', 'Health & Beauty', null);
    expect(page).toMatchObject({ total: 30, nextCursor: 'next' });
    expect(page.items).toHaveLength(1);
    expect(asked()).toEqual(['?category=health_beauty&limit=24']);
  });

  it('falls back to all products matched by category name, ignoring case', async () => {
    const asked = stubProducts((url) =>
      url.searchParams.has('category')
        ? { body: [], headers: { 'x-total-count': '0' } }
        : {
            body: [
              product('a', 'health & beauty'),
              product('b', 'Fashion & Apparel'),
              product('c', 'HEALTH & BEAUTY '),
            ],
            headers: { 'x-total-count': '3' },
          },
    );
    const page = await getCategoryProductPage('health_beauty', 'Health & Beauty', null);
    expect(page.items.map((p) => p.name)).toEqual(['a', 'c']);
    expect(page).toMatchObject({ total: 2, nextCursor: null });
    expect(asked()[1]).toBe('');
  });

  it('does not fall back for a later page', async () => {
    const asked = stubProducts(() => ({ body: [], headers: { 'x-total-count': '24' } }));
    const page = await getCategoryProductPage('health_beauty', 'Health & Beauty', 'cursor-2');
    expect(page.items).toEqual([]);
    expect(asked()).toHaveLength(1);
  });
});
