import { z } from 'zod';
import { formatUsd } from './format';

/**
 * Volume pricing: the one implementation of the price-break rules. The API validates with it and the
 * web shows prices with it; the purchase statement charges with the SQL twin `unit_price_for` (a test
 * holds the two to the same answers).
 *
 * Self-contained on purpose: products.ts builds its schemas from this module, so importing products.ts
 * here would be a cycle (format.ts imports nothing).
 */
export const MAX_PRICE_TIERS = 5;
const TIER_PRICE_MIN = 0.01;
const TIER_PRICE_MAX = 1_000_000;
const TIER_QUANTITY_MAX = 10_000_000;

export interface PriceTier {
  minQuantity: number;
  price: number;
}

/** What the rules need of a product. */
export interface PricedProduct {
  price: number;
  minSellingQuantity: number;
  priceTiers: readonly PriceTier[];
}

/** Whole cents, judged on the decimal value rather than the binary float (19.99 * 100 is not 1999). */
const isWholeCents = (value: number) =>
  Number.isFinite(value) && Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;

export const toCents = (value: number) => Math.round(value * 100);

export const PriceTierSchema = z.object({
  minQuantity: z
    .number({ error: 'Break quantity must be a number' })
    .int('Break quantity must be a whole number')
    .min(2, 'Break quantity must be at least 2')
    .max(TIER_QUANTITY_MAX, `Break quantity must be at most ${TIER_QUANTITY_MAX}`),
  price: z
    .number({ error: 'Break price must be a number' })
    .min(TIER_PRICE_MIN, `Break price must be at least ${TIER_PRICE_MIN}`)
    .max(TIER_PRICE_MAX, `Break price must be at most ${TIER_PRICE_MAX}`)
    .refine(isWholeCents, 'Break price must have at most 2 decimals'),
});

export const PriceTiersSchema = z
  .array(PriceTierSchema, { error: 'Price breaks must be a list' })
  .max(MAX_PRICE_TIERS, `At most ${MAX_PRICE_TIERS} price breaks are allowed`);

export const PRICE_TIER_MESSAGES = {
  quantityAboveMinimum: (n: number, min: number) =>
    `Break ${n}: quantity must be greater than the minimum selling quantity (${min})`,
  quantityIncreasing: (n: number, previous: number) =>
    `Break ${n}: quantity must be greater than break ${n - 1}'s quantity (${previous})`,
  priceBelowBase: (n: number, base: number) =>
    `Break ${n}: price must be below the product's price (${formatUsd(base)})`,
  priceDecreasing: (n: number, previous: number) =>
    `Break ${n}: price must be below break ${n - 1}'s price (${formatUsd(previous)})`,
} as const;

/** Texts of the purchase and the product page around volume pricing. */
export const PRICING_MESSAGES = {
  heading: 'Volume pricing',
  priceChanged: (unitPrice: number) =>
    `The price has changed: the unit price is now ${formatUsd(unitPrice)}.`,
  buyMore: (more: number, price: number) => `Buy ${more} more to pay ${formatUsd(price)} per unit`,
  from: (price: number) => `from ${formatUsd(price)}`,
} as const;

export interface PriceTierProblem {
  /** Position in the list, from 0. */
  index: number;
  field: 'minQuantity' | 'price';
  message: string;
}

/**
 * What is wrong with `tiers` for a product sold from `minSellingQuantity` at `price`, in list order;
 * empty when they are valid. Each tier's own shape (whole quantity, cents) is PriceTierSchema's job.
 */
export function priceTierProblems(
  product: Pick<PricedProduct, 'price' | 'minSellingQuantity'>,
  tiers: readonly PriceTier[],
): PriceTierProblem[] {
  const problems: PriceTierProblem[] = [];
  tiers.forEach((tier, index) => {
    const n = index + 1;
    const previous = tiers[index - 1];
    if (tier.minQuantity <= product.minSellingQuantity) {
      problems.push({
        index,
        field: 'minQuantity',
        message: PRICE_TIER_MESSAGES.quantityAboveMinimum(n, product.minSellingQuantity),
      });
    } else if (previous && tier.minQuantity <= previous.minQuantity) {
      problems.push({
        index,
        field: 'minQuantity',
        message: PRICE_TIER_MESSAGES.quantityIncreasing(n, previous.minQuantity),
      });
    }
    // Compared in cents: 4.1 < 4.10 must never depend on float rounding.
    if (toCents(tier.price) >= toCents(product.price)) {
      problems.push({ index, field: 'price', message: PRICE_TIER_MESSAGES.priceBelowBase(n, product.price) });
    } else if (previous && toCents(tier.price) >= toCents(previous.price)) {
      problems.push({
        index,
        field: 'price',
        message: PRICE_TIER_MESSAGES.priceDecreasing(n, previous.price),
      });
    }
  });
  return problems;
}

/** A zod refinement of a body carrying price, minSellingQuantity and (maybe) priceTiers. */
export function refinePriceTiers(
  value: { price: number; minSellingQuantity: number; priceTiers?: readonly PriceTier[] | undefined },
  ctx: z.RefinementCtx,
) {
  if (!value.priceTiers) return;
  for (const problem of priceTierProblems(value, value.priceTiers)) {
    ctx.addIssue({
      code: 'custom',
      path: ['priceTiers', problem.index, problem.field],
      message: problem.message,
    });
  }
}

/** The break in force for `quantity`: the one with the largest minQuantity at or below it. */
export function priceTierFor(tiers: readonly PriceTier[], quantity: number): PriceTier | undefined {
  let found: PriceTier | undefined;
  for (const tier of tiers) {
    if (tier.minQuantity <= quantity && (!found || tier.minQuantity > found.minQuantity)) found = tier;
  }
  return found;
}

/** The unit price charged for `quantity`: the break in force, else the product's own price. */
export function unitPriceFor(product: Pick<PricedProduct, 'price' | 'priceTiers'>, quantity: number): number {
  return priceTierFor(product.priceTiers, quantity)?.price ?? product.price;
}

/** quantity x unitPrice in exact cents (below 2^53 for every allowed quantity and price). */
export function lineTotal(quantity: number, unitPrice: number): number {
  return (quantity * toCents(unitPrice)) / 100;
}

/** A priced line as answered (an order, a quote's version, an invoice): total = lineTotal(quantity, unitPrice). */
export const pricedLineFields = { quantity: z.number().int(), unitPrice: z.number(), total: z.number() };

/** The first break above `quantity`, if any: what the buyer would unlock by buying more. */
export function nextPriceTier(tiers: readonly PriceTier[], quantity: number): PriceTier | undefined {
  let found: PriceTier | undefined;
  for (const tier of tiers) {
    if (tier.minQuantity > quantity && (!found || tier.minQuantity < found.minQuantity)) found = tier;
  }
  return found;
}

/** The lowest unit price a product can be bought at: "from $x" on cards and tables. */
export function lowestUnitPrice(product: Pick<PricedProduct, 'price' | 'priceTiers'>): number {
  return product.priceTiers.reduce((low, tier) => Math.min(low, tier.price), product.price);
}
