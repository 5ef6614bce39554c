import { describe, expect, it } from 'vitest';
import {
  ImageUrlSchema,
  PRODUCT_FIELDS,
  OPTIONAL_PRODUCT_FIELDS,
  PRODUCT_FIELD_KINDS,
  ProductInputSchema,
  ProductListQuerySchema,
  ProductSchema,
  pickProductFields,
} from './products';
import { hasAtMostDecimals } from './field-rules';
import { VALID_PRODUCT_INPUT } from './product.fixture';
import { PurchaseBodySchema } from './purchases';
import { JwtRequestSchema } from './auth';
import { ErrorBodySchema } from './errors';

const valid = VALID_PRODUCT_INPUT;

const firstError = (input: unknown) => {
  const result = ProductInputSchema.safeParse(input);
  return result.success ? undefined : result.error.issues[0];
};

describe('ProductInputSchema', () => {
  it('accepts a valid product, including prices float maths gets wrong', () => {
    expect(ProductInputSchema.parse(valid)).toEqual(valid);
    for (const price of [19.99, 0.01, 0.07, 1.1, 999999.99]) {
      expect(ProductInputSchema.safeParse({ ...valid, price }).success, String(price)).toBe(true);
    }
  });

  it.each([
    ['price below 0.01', { price: 0 }, 'price'],
    ['price with 3 decimals', { price: 1.005 }, 'price'],
    ['rating above 5', { rating: 5.1 }, 'rating'],
    ['rating below 1', { rating: 0.9 }, 'rating'],
    ['rating off the 0.1 step', { rating: 4.25 }, 'rating'],
    ['fractional stock', { mainQuantity: 1.5 }, 'mainQuantity'],
    ['zero stock', { mainQuantity: 0 }, 'mainQuantity'],
    ['zero minimum order', { minSellingQuantity: 0 }, 'minSellingQuantity'],
    ['quantity given as text', { mainQuantity: '10' }, 'mainQuantity'],
    ['unknown category', { category: 'Toys' }, 'category'],
    ['blank name', { name: '   ' }, 'name'],
    ['overlong brand', { brandName: 'x'.repeat(101) }, 'brandName'],
    ['javascript: image', { image: 'javascript:alert(1)' }, 'image'],
    ['data: image', { image: 'data:image/png;base64,AAAA' }, 'image'],
    ['protocol-relative image', { image: '//evil.example/x.png' }, 'image'],
    ['not a URL', { image: 'not a url' }, 'image'],
    ['NUL in a name', { name: 'Bolts\u0000' }, 'name'],
    ['lone surrogate in a description', { description: 'Box \uD800 of 500' }, 'description'],
    ['NUL in an image URL', { image: 'https://cdn.example.com/a\u0000.png' }, 'image'],
  ])('rejects %s', (_name, change, field) => {
    expect(firstError({ ...valid, ...change })?.path).toEqual([field]);
  });

  it('accepts images shipped with the app under an absolute path', () => {
    expect(ImageUrlSchema.safeParse('/images/products/a.svg').success).toBe(true);
  });
});

describe('hasAtMostDecimals', () => {
  it('judges by the decimal value, not the binary float', () => {
    expect(hasAtMostDecimals(19.99, 2)).toBe(true);
    expect(hasAtMostDecimals(0.3, 1)).toBe(true);
    expect(hasAtMostDecimals(0.123, 2)).toBe(false);
    expect(hasAtMostDecimals(Number.NaN, 2)).toBe(false);
  });
});

describe('PurchaseBodySchema', () => {
  const body = { quantity: 10, address: '1 Dock Rd, Leeds', phone: '+44 113 496 0000' };
  it('accepts a purchase', () => expect(PurchaseBodySchema.safeParse(body).success).toBe(true));
  it.each([
    ['zero quantity', { quantity: 0 }],
    ['fractional quantity', { quantity: 2.5 }],
    ['blank address', { address: '  ' }],
    ['phone with letters', { phone: 'call me' }],
    ['phone too short', { phone: '12' }],
    ['NUL in the address', { address: '1 Dock Rd\u0000' }],
  ])('rejects %s', (_n, change) =>
    expect(PurchaseBodySchema.safeParse({ ...body, ...change }).success).toBe(false),
  );
});

describe('ProductListQuerySchema', () => {
  it('coerces numeric query strings and bounds them', () => {
    expect(ProductListQuerySchema.parse({ limit: '20', minOrderOver: '100' })).toMatchObject({
      limit: 20,
      minOrderOver: 100,
    });
    expect(ProductListQuerySchema.safeParse({ limit: '0' }).success).toBe(false);
    expect(ProductListQuerySchema.safeParse({ limit: '501' }).success).toBe(false);
    expect(ProductListQuerySchema.safeParse({ sort: 'name' }).success).toBe(false);
    expect(ProductListQuerySchema.safeParse({ category: 'a;drop' }).success).toBe(false);
  });
});

describe('JwtRequestSchema and ErrorBodySchema', () => {
  it('need an email and a uid', () => {
    expect(JwtRequestSchema.safeParse({ email: 'a@b.co', uid: 'x' }).success).toBe(true);
    expect(JwtRequestSchema.safeParse({ email: 'a@b.co' }).success).toBe(false);
  });
  it('error bodies carry the same text in message and error', () => {
    expect(ErrorBodySchema.safeParse({ code: 'NOT_FOUND', message: 'x', error: 'x' }).success).toBe(true);
    expect(ErrorBodySchema.safeParse({ code: 'NOPE', message: 'x', error: 'x' }).success).toBe(false);
  });
});

describe('the product field list', () => {
  it('is the form order, and the input and output schemas carry every field of it', () => {
    expect(PRODUCT_FIELDS.join(' ')).toBe(
      'image sku name brandName category mainQuantity minSellingQuantity lowStockThreshold price rating description',
    );
    for (const field of PRODUCT_FIELDS) {
      expect(ProductInputSchema.shape).toHaveProperty(field);
      expect(ProductSchema.shape).toHaveProperty(field);
    }
    expect(PRODUCT_FIELD_KINDS).toMatchObject({
      name: 'text',
      category: 'text',
      mainQuantity: 'integer',
      lowStockThreshold: 'integer',
      price: 'decimal',
    });
    expect([...OPTIONAL_PRODUCT_FIELDS]).toEqual(['sku', 'lowStockThreshold']);
  });

  it('picks the product fields of a source and nothing else', () => {
    const picked = pickProductFields({ ...valid, userEmail: 'x@example.com', priceTiers: [] });
    expect(picked).toEqual(valid);
  });
});
