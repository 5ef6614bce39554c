import { describe, expect, it } from 'vitest';
import {
  DEFAULT_ALL_PRODUCTS_STATE,
  parseAllProductsSearch,
  toAllProductsSearch,
  toProductListParams,
  type AllProductsState,
} from './all-products-search';
import { productListSearch } from './api/get-products';

const parse = (query: string) => parseAllProductsSearch(new URLSearchParams(query));

describe('All Products URL state', () => {
  it('defaults to cards, all products, server order', () => {
    expect(parse('')).toEqual(DEFAULT_ALL_PRODUCTS_STATE);
  });

  it('reads view, filter, sort and search', () => {
    expect(parse('view=table&filter=available&sort=price_desc&q=%20cable%20ties%20')).toEqual({
      view: 'table',
      availableOnly: true,
      sort: 'price_desc',
      q: 'cable ties',
    });
    expect(parse('sort=price_asc').sort).toBe('price_asc');
  });

  it.each([
    ['view=grid', 'view'],
    ['filter=yes', 'filter'],
    ['sort=name', 'sort'],
    ['sort=PRICE_ASC', 'sort'],
    ['sort=', 'sort'],
    ['q=%20%20', 'q'],
    [`q=${'x'.repeat(101)}`, 'q'],
    ['q=a%0Ab', 'q'],
  ])('ignores the malformed %s', (query) => {
    expect(parse(query)).toEqual(DEFAULT_ALL_PRODUCTS_STATE);
  });

  it('writes only what differs from the defaults and keeps other parameters', () => {
    expect(toAllProductsSearch(DEFAULT_ALL_PRODUCTS_STATE).toString()).toBe('');
    const state: AllProductsState = { view: 'table', availableOnly: true, sort: 'price_asc', q: 'tie & 50%' };
    const written = toAllProductsSearch(state, new URLSearchParams('ref=mail&view=card'));
    expect(Object.fromEntries(written)).toEqual({
      ref: 'mail',
      view: 'table',
      filter: 'available',
      sort: 'price_asc',
      q: 'tie & 50%',
    });
    expect(parseAllProductsSearch(written)).toEqual(state);
    expect(toAllProductsSearch(DEFAULT_ALL_PRODUCTS_STATE, written).toString()).toBe('ref=mail');
  });

  it('round-trips every state', () => {
    for (const view of ['card', 'table'] as const)
      for (const availableOnly of [false, true])
        for (const sort of ['default', 'price_asc', 'price_desc'] as const)
          for (const q of ['', 'Crème "brûlée" #1']) {
            const state = { view, availableOnly, sort, q };
            expect(parseAllProductsSearch(toAllProductsSearch(state))).toEqual(state);
          }
  });

  it('sends the filter and the sort to the server, not the view', () => {
    expect(toProductListParams(DEFAULT_ALL_PRODUCTS_STATE)).toEqual({});
    expect(
      toProductListParams({ view: 'table', availableOnly: true, sort: 'price_desc', q: 'ties' }),
    ).toEqual({
      minOrderOver: 100,
      sort: 'price_desc',
      q: 'ties',
    });
  });
});

describe('productListSearch', () => {
  it('builds the query string of GET /api/products', () => {
    expect(productListSearch({})).toBe('');
    expect(productListSearch({ minOrderOver: 100, sort: 'price_asc', limit: 24 }, 'abc')).toBe(
      '?minOrderOver=100&sort=price_asc&limit=24&cursor=abc',
    );
    expect(productListSearch({ category: 'health_beauty' }, null)).toBe('?category=health_beauty');
  });
});
