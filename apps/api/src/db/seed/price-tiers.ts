import { priceTierProblems, toCents, type PriceTier } from '@bulkwise/contracts';

/** A quantity a supplier would print on a price list: 1-2 significant figures (30, 120, 2,500). */
function roundQuantity(value: number): number {
  const step = 10 ** Math.max(0, Math.floor(Math.log10(value)) - 1);
  return Math.ceil(value / step) * step;
}

/**
 * Demo volume pricing, the same on every start: two products in three get a break at about 5x the
 * minimum order (5 % off) and, where the stock reaches it, one at about 20x (10 % off). Breaks that
 * rounding would make invalid (a cheap item's 5 % is under a cent) are left out.
 */
export function seedPriceTiers(
  index: number,
  product: { price: number; minSellingQuantity: number; mainQuantity: number },
): PriceTier[] {
  if (index % 3 === 2) return [];
  const steps = [
    { times: 5, off: 0.05 },
    { times: 20, off: 0.1 },
  ];
  const tiers: PriceTier[] = [];
  for (const { times, off } of steps) {
    const tier = {
      minQuantity: roundQuantity(product.minSellingQuantity * times),
      price: toCents(product.price * (1 - off)) / 100,
    };
    if (tier.minQuantity > product.mainQuantity) break;
    if (priceTierProblems(product, [...tiers, tier]).length > 0) break;
    tiers.push(tier);
  }
  return tiers;
}
