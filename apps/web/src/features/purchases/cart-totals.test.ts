import { describe, expect, it } from 'vitest';
import { cartTotal, cartUnits, lineTotal } from './cart-totals';

// The product's price today differs on purpose: a line costs what was paid.
const line = (unitPrice: number, quantity: number) => ({
  quantity,
  unitPrice,
  product: { price: unitPrice + 1 },
});

describe('cart totals', () => {
  it('a line costs the unit price paid × quantity', () => {
    expect(lineTotal(line(2.5, 20))).toBe(50);
    expect(lineTotal(line(19.99, 3))).toBe(59.97);
  });

  it('sums in cents, so float drift never shows', () => {
    expect(lineTotal(line(0.1, 3))).toBe(0.3);
    expect(cartTotal([line(0.1, 1), line(0.2, 1)])).toBe(0.3);
    expect(cartTotal([line(19.99, 7), line(0.07, 100), line(1.1, 3)])).toBe(150.23);
  });

  it('an empty cart totals 0', () => {
    expect(cartTotal([])).toBe(0);
    expect(cartUnits([])).toBe(0);
  });

  it('counts the units across lines', () => {
    expect(cartUnits([line(1, 20), line(2, 5)])).toBe(25);
  });
});
