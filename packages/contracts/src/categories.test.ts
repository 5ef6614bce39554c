import { describe, expect, it } from 'vitest';
import { PRODUCT_CATEGORIES, ProductCategorySchema, categorySlug } from './categories';

describe('categorySlug', () => {
  it.each([
    ['Electronics & Gadgets', 'electronics_gadgets'],
    ['Home & Kitchen Appliances', 'home_kitchen_appliances'],
    ['Fashion & Apparel', 'fashion_apparel'],
    ['Industrial Machinery & Tools', 'industrial_machinery_tools'],
    ['Health & Beauty', 'health_beauty'],
    ['Automotive Parts & Accessories', 'automotive_parts_accessories'],
    ['Office Supplies & Stationery', 'office_supplies_stationery'],
  ])('%s -> %s', (name, slug) => {
    expect(categorySlug(name)).toBe(slug);
  });

  it('covers exactly the seven fixed categories', () => {
    expect(PRODUCT_CATEGORIES).toHaveLength(7);
    expect(new Set(PRODUCT_CATEGORIES.map(categorySlug)).size).toBe(7);
  });

  it('collapses each run of ampersands and whitespace into one underscore', () => {
    expect(categorySlug('A &&  B\t&\nC')).toBe('a_b_c');
  });
});

describe('ProductCategorySchema', () => {
  it('accepts only the fixed list', () => {
    expect(ProductCategorySchema.safeParse('Health & Beauty').success).toBe(true);
    expect(ProductCategorySchema.safeParse('health & beauty').success).toBe(false);
    expect(ProductCategorySchema.safeParse('Toys').success).toBe(false);
  });
});
