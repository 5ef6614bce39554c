import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCount, formatUsd } from './format';
import { PRICING_MESSAGES } from './pricing';
import { TRADE_MESSAGES } from './trade';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });
const count = new Intl.NumberFormat('en-US');

describe('formatUsd and formatCount write what Intl en-US writes', () => {
  it.each([
    [0, '$0.00'],
    [4.1, '$4.10'],
    [999.99, '$999.99'],
    [1000, '$1,000.00'],
    [1234.5, '$1,234.50'],
    [1_000_000, '$1,000,000.00'],
    [-3, '-$3.00'],
  ])('%s dollars read %s', (value, text) => {
    expect(formatUsd(value)).toBe(text);
    expect(usd.format(value)).toBe(text);
  });

  it('any amount in whole cents, to a billion dollars', () => {
    fc.assert(
      fc.property(fc.integer({ min: -100_000_000_000, max: 100_000_000_000 }), (cents) => {
        expect(formatUsd(cents / 100)).toBe(usd.format(cents / 100));
      }),
      { numRuns: 2_000 },
    );
  });

  it('any whole count', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (n) => {
        expect(formatCount(n)).toBe(count.format(n));
      }),
      { numRuns: 2_000 },
    );
  });
});

describe('amounts in messages are written like every other price', () => {
  it('groups thousands in the credit, payment and price-break messages', () => {
    expect(TRADE_MESSAGES.creditLimit(12_345.5)).toBe(
      'This order would exceed your credit limit with this supplier. Available credit: $12,345.50',
    );
    expect(TRADE_MESSAGES.overPayment(1_000)).toBe('The payment is more than the balance due ($1,000.00)');
    expect(PRICING_MESSAGES.priceChanged(1_250)).toBe(
      'The price has changed: the unit price is now $1,250.00.',
    );
  });
});
