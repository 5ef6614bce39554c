import { describe, expect, it } from 'vitest';
import { PRODUCT_FORM_MESSAGES as M } from '@/config/messages';
import {
  CATEGORY_REQUIRED,
  EMPTY_PRODUCT_FORM,
  checkProductRules,
  firstProductFormError,
  parseNumberInput,
  productToFormValues,
  type ProductFormValues,
} from './product-form-checks';
import { productInput } from '@/test/products';

const valid: ProductFormValues = productInput({ rating: 4.5 });

describe('firstProductFormError: the ordered check set', () => {
  it('passes a valid product', () => {
    expect(firstProductFormError(valid)).toBeNull();
  });

  it.each<[string, Partial<ProductFormValues>, string]>([
    ['1: blank image URL', { image: '' }, M.imageRequired],
    ['1: whitespace-only image URL', { image: '   ' }, M.imageRequired],
    ['2: image that is not a URL', { image: 'not a url' }, M.imageInvalid],
    ['2: image URL that is not http(s)', { image: 'ftp://example.com/a.png' }, M.imageInvalid],
    ['2: javascript: image URL', { image: 'javascript:alert(1)' }, M.imageInvalid],
    ['2: protocol-relative image URL', { image: '//evil.example/a.png' }, M.imageInvalid],
    ['3: blank main quantity', { mainQuantity: '' }, M.mainQuantity],
    ['3: zero main quantity', { mainQuantity: 0 }, M.mainQuantity],
    ['3: negative main quantity', { mainQuantity: -5 }, M.mainQuantity],
    ['4: blank minimum selling quantity', { minSellingQuantity: '' }, M.minSellingQuantity],
    ['4: zero minimum selling quantity', { minSellingQuantity: 0 }, M.minSellingQuantity],
    ['5: blank price', { price: '' }, M.price],
    ['5: zero price', { price: 0 }, M.price],
    ['5: negative price', { price: -1 }, M.price],
    ['6: blank rating', { rating: '' }, M.rating],
    ['6: rating below 1', { rating: 0.9 }, M.rating],
    ['6: rating above 5', { rating: 5.1 }, M.rating],
  ])('step %s', (_name, change, message) => {
    expect(firstProductFormError({ ...valid, ...change })?.message).toBe(message);
  });

  it('accepts the rating bounds and images shipped with the app', () => {
    expect(firstProductFormError({ ...valid, rating: 1 })).toBeNull();
    expect(firstProductFormError({ ...valid, rating: 5 })).toBeNull();
    expect(firstProductFormError({ ...valid, image: 'http://example.com/a.png' })).toBeNull();
    expect(firstProductFormError({ ...valid, image: '/images/products/bolts.svg' })).toBeNull();
  });

  it('reports only the first failure, in the spec order', () => {
    const allBad: ProductFormValues = {
      ...valid,
      image: '',
      mainQuantity: 0,
      minSellingQuantity: 0,
      price: 0,
      rating: 9,
    };
    const order = [M.imageRequired, M.imageInvalid, M.mainQuantity, M.minSellingQuantity, M.price, M.rating];
    const fixes: Array<Partial<ProductFormValues>> = [
      { image: 'nope' },
      { image: valid.image },
      { mainQuantity: 10 },
      { minSellingQuantity: 2 },
      { price: 1.5 },
      { rating: 3 },
    ];
    let values = allBad;
    const seen: Array<string | null> = [];
    for (const fix of fixes) {
      seen.push(firstProductFormError(values)?.message ?? null);
      values = { ...values, ...fix };
    }
    expect(seen).toEqual(order);
    expect(firstProductFormError(values)).toBeNull();
  });

  it('does not look at the text fields: those are the later rules', () => {
    expect(
      firstProductFormError({ ...valid, name: '', brandName: '', category: '', description: '' }),
    ).toBeNull();
  });

  it('fails an empty form on the first check', () => {
    expect(firstProductFormError(EMPTY_PRODUCT_FORM)).toEqual({ field: 'image', message: M.imageRequired });
  });
});

describe('parseNumberInput: numeric inputs', () => {
  it.each<[unknown, number | '']>([
    ['42', 42],
    ['19.99', 19.99],
    ['0', 0],
    ['-3', -3],
    ['4.5', 4.5],
    [7, 7],
  ])('parses %j as a number', (raw, parsed) => {
    expect(parseNumberInput(raw)).toBe(parsed);
  });

  it.each([[''], ['   '], [undefined], [null], ['abc'], [Number.NaN]])('keeps %j empty, never 0', (raw) => {
    expect(parseNumberInput(raw)).toBe('');
  });
});

describe('checkProductRules: the rules after the ordered checks', () => {
  it('gives the API input for a valid product', () => {
    expect(checkProductRules(valid)).toEqual({ ok: true, input: valid });
  });

  it('checks price breaks with the API rules, on the cell that is wrong', () => {
    const tiers = [
      { minQuantity: 1000, price: 18.5 },
      { minQuantity: 900, price: 19 },
    ];
    const result = checkProductRules({ ...valid, priceTiers: tiers });
    expect(result).toEqual({
      ok: false,
      fieldErrors: {
        'priceTiers.1.minQuantity': "Break 2: quantity must be greater than break 1's quantity (1000)",
        'priceTiers.1.price': "Break 2: price must be below break 1's price ($18.50)",
      },
    });
    const blank = checkProductRules({ ...valid, priceTiers: [{ minQuantity: '', price: 18 }] });
    expect(blank.ok || blank.fieldErrors['priceTiers.0.minQuantity']).toBe('Break quantity must be a number');
    const fixed = [
      { minQuantity: 1000, price: 18.5 },
      { minQuantity: 2000, price: 17 },
    ];
    expect(checkProductRules({ ...valid, priceTiers: fixed })).toEqual({
      ok: true,
      input: { ...valid, priceTiers: fixed },
    });
  });

  it('trims the texts', () => {
    const result = checkProductRules({ ...valid, name: '  Bolts  ' });
    expect(result.ok && result.input.name).toBe('Bolts');
  });

  it('names every failing field once', () => {
    const result = checkProductRules({
      ...valid,
      name: ' ',
      brandName: '',
      category: 'Toys',
      description: '',
      mainQuantity: 1.5,
      minSellingQuantity: 2.5,
      price: 1.005,
      rating: 4.25,
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.fieldErrors).sort()).toEqual(
      [
        'brandName',
        'category',
        'description',
        'mainQuantity',
        'minSellingQuantity',
        'name',
        'price',
        'rating',
      ].sort(),
    );
    expect(result.fieldErrors.name).toBe('Name is required');
    expect(result.fieldErrors.category).toBe(CATEGORY_REQUIRED);
    expect(result.fieldErrors.price).toBe('Price must have at most 2 decimals');
    expect(result.fieldErrors.rating).toBe('Rating must be in steps of 0.1');
  });
});

describe('productToFormValues', () => {
  it('loads a product into the form', () => {
    const product = {
      _id: 'p1',
      ...valid,
      lowStockThreshold: 600,
      mainQuantity: 5000,
      minSellingQuantity: 500,
      price: 19.99,
      rating: 4.5,
      priceTiers: [],
      categorySlug: 'industrial_machinery_tools',
      userName: 'Sam',
      supplierId: 'sam-1',
      createdAt: '2026-01-01T00:00:00.000Z',
    };
    expect(productToFormValues(product)).toEqual(valid);
  });
});
