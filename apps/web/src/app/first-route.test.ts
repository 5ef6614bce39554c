import { describe, expect, it } from 'vitest';
import { firstPageLoader, publicPages } from './first-route';

describe('firstPageLoader', () => {
  it('finds the module of each public page, with or without a trailing slash', () => {
    expect(firstPageLoader('/')).toBe(publicPages.home);
    expect(firstPageLoader('/categories')).toBe(publicPages.categories);
    expect(firstPageLoader('/category/cat-1')).toBe(publicPages.category);
    expect(firstPageLoader('/all-products/')).toBe(publicPages.allProducts);
    expect(firstPageLoader('/product/0190a1b2')).toBe(publicPages.product);
  });

  it('leaves private, guest-only and unknown pages to the router', () => {
    for (const path of [
      '/cart',
      '/login',
      '/register',
      '/my-products',
      '/product/a/b',
      '/products',
      '/nope',
    ]) {
      expect(firstPageLoader(path), path).toBeUndefined();
    }
  });
});
