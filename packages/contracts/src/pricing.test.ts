import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  lineTotal,
  lowestUnitPrice,
  nextPriceTier,
  priceTierProblems,
  unitPriceFor,
  type PriceTier,
  type PricedProduct,
} from './pricing';
import { CreateProductBodySchema, ProductInputSchema, UpdateProductBodySchema } from './products';
import { VALID_PRODUCT_INPUT } from './product.fixture';
import { PurchaseBodySchema } from './purchases';

const base = { ...VALID_PRODUCT_INPUT, minSellingQuantity: 50, price: 5 };

/** A valid product with valid breaks: quantities rise above the minimum, prices fall below the base. */
const pricedProduct: fc.Arbitrary<PricedProduct> = fc
  .record({
    minSellingQuantity: fc.integer({ min: 1, max: 1000 }),
    priceCents: fc.integer({ min: 2, max: 100_000 }),
    steps: fc.array(
      fc.record({ gap: fc.integer({ min: 1, max: 500 }), cut: fc.integer({ min: 1, max: 1000 }) }),
      {
        maxLength: 5,
      },
    ),
  })
  .map(({ minSellingQuantity, priceCents, steps }) => {
    const priceTiers: PriceTier[] = [];
    let quantity = minSellingQuantity;
    let cents = priceCents;
    for (const { gap, cut } of steps) {
      if (cents - cut < 1) break;
      quantity += gap;
      cents -= cut;
      priceTiers.push({ minQuantity: quantity, price: cents / 100 });
    }
    return { minSellingQuantity, price: priceCents / 100, priceTiers };
  });

describe('unitPriceFor', () => {
  it('charges the break with the largest minQuantity at or below the quantity, else the base price', () => {
    const product = {
      price: 5,
      priceTiers: [
        { minQuantity: 100, price: 4.5 },
        { minQuantity: 500, price: 4.1 },
      ],
    };
    expect([50, 99, 100, 499, 500, 10_000].map((q) => unitPriceFor(product, q))).toEqual([
      5, 5, 4.5, 4.5, 4.1, 4.1,
    ]);
    expect(unitPriceFor({ price: 5, priceTiers: [] }, 1_000_000)).toBe(5);
  });

  it('never rises with the quantity', () => {
    fc.assert(
      fc.property(
        pricedProduct,
        fc.integer({ min: 0, max: 3000 }),
        fc.integer({ min: 0, max: 3000 }),
        (product, a, b) => {
          const [low, high] = [
            product.minSellingQuantity + Math.min(a, b),
            product.minSellingQuantity + Math.max(a, b),
          ];
          expect(unitPriceFor(product, high)).toBeLessThanOrEqual(unitPriceFor(product, low));
        },
      ),
    );
  });

  it('is always the base price or one of the listed break prices', () => {
    fc.assert(
      fc.property(pricedProduct, fc.integer({ min: 1, max: 5000 }), (product, quantity) => {
        const listed = [product.price, ...product.priceTiers.map((t) => t.price)];
        expect(listed).toContain(unitPriceFor(product, quantity));
      }),
    );
  });

  it('the generated products are valid, so the properties above speak about real catalogs', () => {
    fc.assert(
      fc.property(pricedProduct, (product) => {
        expect(priceTierProblems(product, product.priceTiers)).toEqual([]);
      }),
    );
  });
});

describe('nextPriceTier, lowestUnitPrice and lineTotal', () => {
  const tiers = [
    { minQuantity: 100, price: 4.5 },
    { minQuantity: 500, price: 4.1 },
  ];
  it('finds the next break above a quantity', () => {
    expect(nextPriceTier(tiers, 50)).toEqual(tiers[0]);
    expect(nextPriceTier(tiers, 100)).toEqual(tiers[1]);
    expect(nextPriceTier(tiers, 500)).toBeUndefined();
  });
  it('lowestUnitPrice is the last break, or the base price without breaks', () => {
    expect(lowestUnitPrice({ price: 5, priceTiers: tiers })).toBe(4.1);
    expect(lowestUnitPrice({ price: 5, priceTiers: [] })).toBe(5);
  });
  it('totals in exact cents', () => {
    expect(lineTotal(3, 0.1)).toBe(0.3);
    expect(lineTotal(100, 19.99)).toBe(1999);
    expect(lineTotal(10_000_000, 999_999.99)).toBe(9_999_999_900_000);
  });
});

describe('price-break validation', () => {
  const issuesOf = (input: unknown) => {
    const result = CreateProductBodySchema.safeParse(input);
    return result.success
      ? []
      : result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
  };

  it('accepts valid breaks, none, and an omitted list', () => {
    expect(
      issuesOf({
        ...base,
        priceTiers: [
          { minQuantity: 100, price: 4.5 },
          { minQuantity: 500, price: 4.1 },
        ],
      }),
    ).toEqual([]);
    expect(issuesOf({ ...base, priceTiers: [] })).toEqual([]);
    expect(issuesOf(base)).toEqual([]);
  });

  /** Breaks written as [minQuantity, price] pairs. */
  const breaks = (...pairs: Array<[number, number]>): PriceTier[] =>
    pairs.map(([minQuantity, price]) => ({ minQuantity, price }));

  it.each([
    [
      'priceTiers.0.minQuantity',
      'Break 1: quantity must be greater than the minimum selling quantity (50)',
      breaks([50, 4]),
    ],
    [
      'priceTiers.1.minQuantity',
      "Break 2: quantity must be greater than break 1's quantity (100)",
      breaks([100, 4], [100, 3]),
    ],
    ['priceTiers.0.price', "Break 1: price must be below the product's price ($5.00)", breaks([100, 5])],
    [
      'priceTiers.1.price',
      "Break 2: price must be below break 1's price ($4.00)",
      breaks([100, 4], [200, 4]),
    ],
    ['priceTiers.0.minQuantity', 'Break quantity must be a whole number', breaks([100.5, 4])],
    ['priceTiers.0.price', 'Break price must have at most 2 decimals', breaks([100, 4.005])],
    ['priceTiers.0.price', 'Break price must be at least 0.01', breaks([100, 0])],
    [
      'priceTiers',
      'At most 5 price breaks are allowed',
      Array.from({ length: 6 }, (_, i) => ({ minQuantity: 100 + i, price: 4 - i / 10 })),
    ],
  ])('refuses, naming %s: %s', (path, message, priceTiers) => {
    expect(issuesOf({ ...base, priceTiers })).toContainEqual({ path, message });
  });

  it('checks breaks sent with an update against the price and minimum sent with them', () => {
    const tiers = [{ minQuantity: 100, price: 4.5 }];
    expect(UpdateProductBodySchema.safeParse({ ...base, priceTiers: tiers }).success).toBe(true);
    expect(UpdateProductBodySchema.safeParse({ ...base, price: 4.5, priceTiers: tiers }).success).toBe(false);
    expect(
      UpdateProductBodySchema.safeParse({ ...base, minSellingQuantity: 100, priceTiers: tiers }).success,
    ).toBe(false);
    // Omitted breaks are the server's to check against what is stored.
    expect(UpdateProductBodySchema.safeParse({ ...base, price: 0.5 }).success).toBe(true);
  });

  it('valid lists pass and breaking any single rule is caught', () => {
    fc.assert(
      fc.property(
        pricedProduct,
        fc.nat(),
        fc.constantFrom('raiseQuantity', 'raisePrice'),
        (product, pick, how) => {
          expect(priceTierProblems(product, product.priceTiers)).toEqual([]);
          if (product.priceTiers.length === 0) return;
          const index = pick % product.priceTiers.length;
          const broken = product.priceTiers.map((t) => ({ ...t }));
          const tier = broken[index]!;
          if (how === 'raiseQuantity')
            tier.minQuantity = index === 0 ? product.minSellingQuantity : broken[index - 1]!.minQuantity;
          else tier.price = index === 0 ? product.price : broken[index - 1]!.price;
          expect(priceTierProblems(product, broken).map((p) => p.index)).toContain(index);
        },
      ),
    );
  });

  it('the plain input schema carries the field for forms', () => {
    expect(ProductInputSchema.shape.priceTiers).toBeDefined();
  });
});

describe('PurchaseBodySchema.expectedUnitPrice', () => {
  const body = { quantity: 10, address: '1 Road', phone: '+44 117 496 0123' };
  it('is optional and must be a price in cents', () => {
    expect(PurchaseBodySchema.safeParse(body).success).toBe(true);
    expect(PurchaseBodySchema.safeParse({ ...body, expectedUnitPrice: 4.1 }).success).toBe(true);
    expect(PurchaseBodySchema.safeParse({ ...body, expectedUnitPrice: 4.105 }).success).toBe(false);
    expect(PurchaseBodySchema.safeParse({ ...body, expectedUnitPrice: '4.10' }).success).toBe(false);
  });
});
