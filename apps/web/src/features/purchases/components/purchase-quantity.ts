import { PURCHASE_MESSAGES } from '@bulkwise/contracts';

/*
 * The quantity rules of spec section 5, free of React so they can be tested directly. A quantity is
 * a whole number of units in [min, stock].
 */

/** Reads what was typed: whole units, or null when it is not a number at all. */
export function parseQuantity(input: string | number): number | null {
  const value = typeof input === 'number' ? input : Number(input.trim());
  if (typeof input === 'string' && input.trim() === '') return null;
  return Number.isFinite(value) ? Math.trunc(value) : null;
}

/**
 * Clamps into [min, max]; anything non-numeric becomes the minimum. When the stock is below the
 * minimum there is no valid quantity and the minimum is kept (the product cannot be ordered).
 */
export function clampQuantity(input: string | number, min: number, max: number): number {
  const value = parseQuantity(input);
  if (value === null) return min;
  return Math.max(min, Math.min(value, Math.max(min, max)));
}

/** True while the typed value is a number under the minimum: the page shows the minimum note. */
export function isBelowMinimum(input: string, min: number): boolean {
  const value = parseQuantity(input);
  return value !== null && value < min;
}

export function canOrder(min: number, stock: number): boolean {
  return stock >= 1 && stock >= min;
}

/** quantity × price in whole cents, so 3 × 0.1 is 0.30 and not 0.30000000000000004. */
export function quantityTotal(quantity: number, price: number): number {
  return Math.round(quantity * Math.round(price * 100)) / 100;
}

export type QuantityProblem =
  { kind: 'below-minimum'; message: string } | { kind: 'above-stock'; message: string; max: number };

/** The checks Buy Now runs before asking for an address: under the minimum first, then over the stock. */
export function checkPurchaseQuantity(quantity: number, min: number, stock: number): QuantityProblem | null {
  if (quantity < min) return { kind: 'below-minimum', message: PURCHASE_MESSAGES.minimumOrder(min) };
  if (quantity > stock) {
    return { kind: 'above-stock', message: PURCHASE_MESSAGES.maximumAvailable(stock), max: stock };
  }
  return null;
}
