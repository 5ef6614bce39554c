import { describe, expect, it } from 'vitest';
import {
  canOrder,
  checkPurchaseQuantity,
  clampQuantity,
  isBelowMinimum,
  parseQuantity,
  quantityTotal,
} from './purchase-quantity';

describe('clampQuantity', () => {
  // What the buyer typed -> the quantity kept, with a minimum of 20 and 500 in stock.
  it.each<[string, number]>([
    ['50', 50],
    ['5', 20],
    ['999', 500],
    ['20', 20],
    ['500', 500],
    ['abc', 20],
    ['', 20],
    ['  ', 20],
    ['-7', 20],
    ['33.9', 33],
    [' 42 ', 42],
    ['Infinity', 20],
  ])('%j in [20, 500] -> %i', (input, expected) => {
    expect(clampQuantity(input, 20, 500)).toBe(expected);
  });

  it('reads exponents and numbers, within other bounds', () => {
    expect(clampQuantity('1e3', 20, 5000)).toBe(1000);
    expect(clampQuantity(120, 20, 100)).toBe(100);
  });

  it('keeps the minimum when the stock is below it', () => {
    expect(clampQuantity('3', 20, 10)).toBe(20);
  });
});

describe('parseQuantity and isBelowMinimum', () => {
  it('reads whole units or nothing', () => {
    expect(parseQuantity('12')).toBe(12);
    expect(parseQuantity('x')).toBeNull();
    expect(parseQuantity('')).toBeNull();
  });

  it('flags a typed number under the minimum, not text or an empty input', () => {
    expect(isBelowMinimum('5', 20)).toBe(true);
    expect(isBelowMinimum('20', 20)).toBe(false);
    expect(isBelowMinimum('', 20)).toBe(false);
    expect(isBelowMinimum('abc', 20)).toBe(false);
  });
});

describe('quantityTotal', () => {
  it('multiplies in cents', () => {
    expect(quantityTotal(3, 0.1)).toBe(0.3);
    expect(quantityTotal(20, 2.5)).toBe(50);
    expect(quantityTotal(7, 19.99)).toBe(139.93);
  });
});

describe('canOrder', () => {
  it('needs stock of at least the minimum', () => {
    expect(canOrder(20, 500)).toBe(true);
    expect(canOrder(20, 20)).toBe(true);
    expect(canOrder(20, 19)).toBe(false);
    expect(canOrder(1, 0)).toBe(false);
  });
});

describe('checkPurchaseQuantity', () => {
  it('passes a quantity within the range', () => {
    expect(checkPurchaseQuantity(20, 20, 500)).toBeNull();
    expect(checkPurchaseQuantity(500, 20, 500)).toBeNull();
  });

  it('reports the minimum first', () => {
    expect(checkPurchaseQuantity(5, 20, 3)).toEqual({
      kind: 'below-minimum',
      message: 'Minimum order quantity is 20',
    });
  });

  it('reports the stock as the maximum', () => {
    expect(checkPurchaseQuantity(60, 20, 45)).toEqual({
      kind: 'above-stock',
      message: 'Maximum available quantity is 45',
      max: 45,
    });
  });
});
