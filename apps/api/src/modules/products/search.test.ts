import { NEXT_CURSOR_HEADER, TOTAL_COUNT_HEADER, categorySlug, type ProductInput } from '@bulkwise/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/use-test-app';
import { createProduct, makeUser, call, updateProduct } from '../../../test/factories';

const supplier = makeUser('supplier');
const ids = new Map<string, string>();

type P = { _id: string; name: string; price: number; minSellingQuantity: number; categorySlug: string };
const get = (url: string) => t.app.inject({ method: 'GET', url });
const names = async (query: string) => {
  const res = await get(`/api/products?${query}`);
  expect(res.statusCode).toBe(200);
  return (res.json() as P[]).map((p) => p.name);
};
const search = (q: string, rest = '') => names(`q=${encodeURIComponent(q)}${rest}`);

const TOOLS = 'Industrial Machinery & Tools';
const HEALTH = 'Health & Beauty';
const catalog: Array<Partial<ProductInput> & { name: string }> = [
  { name: 'Anchor bolts M8', brandName: 'Fixwell', description: 'Zinc plated.', price: 9 },
  { name: 'Anchorage straps', brandName: 'Fixwell', description: 'Heavy duty.', price: 4 },
  { name: 'Ancher plates', brandName: 'Fixwell', description: 'Misprinted name, on purpose.', price: 7 },
  { name: 'Wall plugs', brandName: 'Anchor', description: 'Nylon.', price: 3 },
  { name: 'Deck screws', brandName: 'Fixwell', description: 'Holds like an anchor in oak.', price: 5 },
  { name: 'Machinery oil', brandName: 'Lubra', category: HEALTH, description: 'Light oil.', price: 6 },
  { name: 'Bench vice', brandName: 'Grip', category: TOOLS, description: 'Cast iron.', price: 40 },
  { name: 'Lip balm', brandName: 'Soft', category: HEALTH, description: 'Made without machinery.', price: 2 },
  {
    name: 'Stainless Steel Cable Ties',
    brandName: 'Tiewrap',
    description: 'Pack of 100.',
    price: 12,
    minSellingQuantity: 200,
  },
  {
    name: 'Stainless steel bottle',
    brandName: 'Aqua',
    category: HEALTH,
    description: 'Keeps cold.',
    price: 15,
    minSellingQuantity: 5,
  },
  { name: 'Crème brûlée torch', brandName: 'Chef', category: HEALTH, description: 'Butane.', price: 22 },
  {
    name: 'Nylon cable ties',
    brandName: 'Tiewrap',
    description: 'Pack of 500.',
    price: 8,
    minSellingQuantity: 150,
  },
];

const t = useTestApp();
beforeAll(async () => {
  for (const product of catalog) {
    const created = await createProduct(t, supplier, { category: TOOLS, minSellingQuantity: 10, ...product });
    ids.set(product.name, created._id);
  }
});

describe('GET /api/products?q= relevance', () => {
  it('ranks name, then brand, then category, then description; exact, then prefix, then one letter off', async () => {
    expect(await search('anchor')).toEqual([
      'Anchor bolts M8', // name, exact word
      'Anchorage straps', // name, prefix
      'Ancher plates', // name, one letter off
      'Wall plugs', // brand
      'Deck screws', // description
    ]);
    const machinery = await search('machinery');
    expect(machinery[0]).toBe('Machinery oil'); // name
    // Then every product of the Industrial Machinery & Tools category, then the description match.
    const inCategory = catalog.filter((p) => (p.category ?? TOOLS) === TOOLS).map((p) => p.name);
    expect(machinery.slice(1, -1).sort()).toEqual(inCategory.sort());
    expect(machinery.at(-1)).toBe('Lip balm');
  });

  it('needs every word, in any order and case, and ignores accents both ways', async () => {
    expect(await search('TIES stainless')).toEqual(['Stainless Steel Cable Ties']);
    expect(await search('creme brulee')).toEqual(['Crème brûlée torch']);
    expect(await search('CRÈME')).toEqual(['Crème brûlée torch']);
  });

  it('finds a word of 5 letters or more with one wrong, missing or extra letter', async () => {
    for (const typo of ['stainlss', 'stainles steel', 'stainliss', 'stainlesss', 'botle']) {
      const expected =
        typo === 'botle'
          ? ['Stainless steel bottle']
          : ['Stainless Steel Cable Ties', 'Stainless steel bottle'];
      expect((await search(typo)).sort(), typo).toEqual(expected);
    }
    expect(await search('stainlxxs')).toEqual([]);
  });

  it('matches the last word as a prefix while it is typed', async () => {
    expect((await search('cable ti')).sort()).toEqual(['Nylon cable ties', 'Stainless Steel Cable Ties']);
    expect(await search('stainless st')).toHaveLength(2);
    // Only the last word: a finished word in the middle must be whole (or one letter off).
    expect(await search('sta steel')).toEqual([]);
  });

  it('combines with the category, the minimum-order filter and the price sorts', async () => {
    expect(await search('stainless', `&category=${categorySlug(HEALTH)}`)).toEqual([
      'Stainless steel bottle',
    ]);
    expect((await search('ties', '&minOrderOver=100')).sort()).toEqual([
      'Nylon cable ties',
      'Stainless Steel Cable Ties',
    ]);
    expect(await search('ties', '&minOrderOver=160')).toEqual(['Stainless Steel Cable Ties']);
    expect(await search('anchor', '&sort=price_asc')).toEqual([
      'Wall plugs',
      'Anchorage straps',
      'Deck screws',
      'Ancher plates',
      'Anchor bolts M8',
    ]);
    expect(await search('anchor', '&sort=price_desc')).toEqual(
      (await search('anchor', '&sort=price_asc')).reverse(),
    );
  });

  it('pages through a result set with cursors, each product once, with the total on every page', async () => {
    for (const sort of ['', '&sort=price_asc']) {
      const all = await search('machinery', sort);
      const seen: string[] = [];
      let cursor: string | undefined;
      do {
        const res = await get(`/api/products?q=machinery&limit=2${sort}${cursor ? `&cursor=${cursor}` : ''}`);
        expect(res.statusCode).toBe(200);
        expect(res.headers[TOTAL_COUNT_HEADER]).toBe(String(all.length));
        seen.push(...(res.json() as P[]).map((p) => p.name));
        cursor = res.headers[NEXT_CURSOR_HEADER] as string | undefined;
      } while (cursor);
      expect(seen).toEqual(all);
    }
    // A relevance cursor is no cursor for another order.
    const first = await get('/api/products?q=machinery&limit=2');
    const cursor = first.headers[NEXT_CURSOR_HEADER] as string;
    expect((await get(`/api/products?q=machinery&sort=price_asc&cursor=${cursor}`)).statusCode).toBe(400);
    expect((await get(`/api/products?cursor=${cursor}`)).statusCode).toBe(400);
  });

  it('finds a product by its new words after an update, and no longer by its old ones', async () => {
    const owner = makeUser('renamer');
    const created = await createProduct(t, owner, { name: 'Plain hinge', category: TOOLS });
    const res = await updateProduct(t, owner, created._id, { name: 'Zirconium hinge', category: TOOLS });
    expect(res.statusCode).toBe(200);
    expect(await search('zirconum')).toEqual(['Zirconium hinge']);
    expect(await search('plain')).toEqual([]);
  });

  it('finds a new word by a typo and a prefix right after the product that brings it is created', async () => {
    // Asked first, so the word's (empty) neighbours and answers are in memory before the write.
    expect(await search('quixotc')).toEqual([]);
    expect((await get('/api/products/suggest?q=quix')).json()).toEqual([]);
    const created = await createProduct(t, makeUser('newcomer'), { name: 'Quixotic lamp', category: TOOLS });
    expect(await search('quixotc')).toEqual(['Quixotic lamp']);
    const suggested = (await get('/api/products/suggest?q=quix')).json() as Array<{ _id: string }>;
    expect(suggested.map((s) => s._id)).toEqual([created._id]);
  });

  it('forgets a deleted product at once, in results, total and suggestions', async () => {
    const owner = makeUser('remover');
    const kept = await createProduct(t, owner, { name: 'Quokka clamp', category: TOOLS });
    const gone = await createProduct(t, owner, { name: 'Quokka hook', category: TOOLS });
    expect((await get('/api/products?q=quokka')).headers[TOTAL_COUNT_HEADER]).toBe('2');
    const res = await call(t, owner, 'DELETE', `/api/products/${gone._id}`);
    expect(res.statusCode).toBe(200);
    const after = await get('/api/products?q=quokka');
    expect((after.json() as P[]).map((p) => p._id)).toEqual([kept._id]);
    expect(after.headers[TOTAL_COUNT_HEADER]).toBe('1');
    const suggested = (await get('/api/products/suggest?q=quok')).json() as Array<{ _id: string }>;
    expect(suggested.map((s) => s._id)).toEqual([kept._id]);
  });

  it('answers text that differs only by trailing punctuation from one kept answer, which a write drops', async () => {
    const url = (q: string) => `/api/products?q=${encodeURIComponent(q)}&limit=2`;
    const first = await get(url('anchor !?'));
    expect(first.statusCode).toBe(200);
    const again = await get(url('anchor ;:,.'));
    expect(again.body).toBe(first.body);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.headers[TOTAL_COUNT_HEADER]).toBe('5');
    expect(again.headers[NEXT_CURSOR_HEADER]).toBe(first.headers[NEXT_CURSOR_HEADER]);
    const revalidated = await t.app.inject({
      method: 'GET',
      url: url('anchor'),
      headers: { 'if-none-match': String(again.headers.etag) },
    });
    expect(revalidated.statusCode).toBe(304);
    // The words of "quasar ..." are remembered for good, its answer only until a product write.
    expect((await get(url('quasar !!'))).headers[TOTAL_COUNT_HEADER]).toBe('0');
    const created = await createProduct(t, makeUser('astronomer'), { name: 'Quasar lamp', category: TOOLS });
    const after = await get(url('quasar ?'));
    expect((after.json() as P[]).map((p) => p._id)).toEqual([created._id]);
    expect(after.headers[TOTAL_COUNT_HEADER]).toBe('1');
  });

  it('answers an empty page for text with no word in it, and 400 for empty, long or control text', async () => {
    for (const q of ['%', '_', '"', '!!', '&|', '💥']) {
      const res = await get(`/api/products?q=${encodeURIComponent(q)}`);
      expect(res.statusCode, q).toBe(200);
      expect(res.json()).toEqual([]);
      expect(res.headers[TOTAL_COUNT_HEADER]).toBe('0');
    }
    for (const q of ['', '   ', 'a'.repeat(101), 'a\u0000b', 'tab\there', 'line\nbreak', '\u007f']) {
      const res = await get(`/api/products?q=${encodeURIComponent(q)}`);
      expect(res.statusCode, JSON.stringify(q)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { q: expect.any(String) } });
    }
    expect((await get(`/api/products?q=${'a'.repeat(100)}`)).statusCode).toBe(200);
  });
});

describe('GET /api/products/suggest', () => {
  it('answers the first matches of the same search with only what a typeahead shows', async () => {
    const res = await get('/api/products/suggest?q=anc');
    expect(res.statusCode).toBe(200);
    const suggestions = res.json() as Array<Record<string, unknown>>;
    const byName = suggestions.map((s) => s.name as string);
    // Three name prefixes (equal rank), then the brand, then the description.
    expect(byName.slice(0, 3).sort()).toEqual(['Ancher plates', 'Anchor bolts M8', 'Anchorage straps']);
    expect(byName.slice(3)).toEqual(['Wall plugs', 'Deck screws']);
    expect(suggestions.find((s) => s.name === 'Anchor bolts M8')).toEqual({
      _id: ids.get('Anchor bolts M8'),
      name: 'Anchor bolts M8',
      brandName: 'Fixwell',
      category: TOOLS,
    });
  });

  it('answers the same suggestions with the same validator whatever punctuation follows the words', async () => {
    const first = await get('/api/products/suggest?q=anc');
    const again = await get(`/api/products/suggest?q=${encodeURIComponent('anc !?.')}`);
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    expect(again.headers.etag).toBeTruthy();
    expect(again.headers.etag).toBe(first.headers.etag);
  });

  it('answers at most 8, and 400 without a usable q', async () => {
    expect(((await get('/api/products/suggest?q=machinery')).json() as unknown[]).length).toBeLessThanOrEqual(
      8,
    );
    expect((await get('/api/products/suggest?q=tools')).json()).toHaveLength(8);
    expect((await get('/api/products/suggest?q=%25')).json()).toEqual([]);
    for (const url of [
      '/api/products/suggest',
      '/api/products/suggest?q=',
      `/api/products/suggest?q=${'x'.repeat(10_000)}`,
    ]) {
      expect((await get(url)).statusCode).toBe(400);
    }
  });
});
