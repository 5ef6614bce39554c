import type { CartItem } from '@bulkwise/contracts';

/* Money is summed in whole cents: adding float dollars drifts (0.1 + 0.2). */
const toCents = (dollars: number) => Math.round((Number.isFinite(dollars) ? dollars : 0) * 100);

type PaidLine = Pick<CartItem, 'quantity' | 'unitPrice'>;

/** The unit price paid (the break in force at purchase, not today's price) × quantity, in dollars. */
export function lineTotal(item: PaidLine): number {
  return (toCents(item.unitPrice) * item.quantity) / 100;
}

/** The sum of every line, in dollars. */
export function cartTotal(items: ReadonlyArray<PaidLine>): number {
  return items.reduce((cents, item) => cents + toCents(item.unitPrice) * item.quantity, 0) / 100;
}

/** All units across the cart. */
export function cartUnits(items: ReadonlyArray<Pick<CartItem, 'quantity'>>): number {
  return items.reduce((sum, item) => sum + item.quantity, 0);
}
