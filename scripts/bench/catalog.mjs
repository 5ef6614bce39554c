// A deterministic wholesale catalog of any size, shaped like the demo catalog: the 7 fixed categories
// (unevenly: shoppers and suppliers are not spread evenly), prices from cents to thousands, stock in
// the thousands, and about a third of the products with a minimum order over 100.
import { PRODUCT_CATEGORIES, categorySlug } from '@bulkwise/contracts';
import { SEED_PRODUCTS } from '../../apps/api/src/db/seed/catalog.ts';

/** sfc32: small, fast and good enough; the same seed always gives the same catalog. */
export function prng(seed) {
  let a = 0x9e3779b9,
    b = 0x243f6a88,
    c = 0xb7e15162,
    d = seed >>> 0;
  const next = () => {
    a |= 0;
    b |= 0;
    c |= 0;
    d |= 0;
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  for (let i = 0; i < 16; i++) next();
  return next;
}

/** Shares of the catalog per category, in PRODUCT_CATEGORIES order (sums to 1). */
const CATEGORY_WEIGHTS = [0.22, 0.17, 0.2, 0.12, 0.12, 0.1, 0.07];

export const VARIANTS = [
  'Standard',
  'Pro',
  'Lite',
  'Max',
  'Eco',
  'Plus',
  'Compact',
  'XL',
  'Mini',
  'Classic',
  'Select',
  'Prime',
];
export const PACKS = [
  'Case of 12',
  'Case of 24',
  'Carton of 48',
  'Pallet of 200',
  'Box of 100',
  'Bundle of 6',
  'Single unit',
];
export const COLOURS = [
  'Black',
  'White',
  'Graphite',
  'Navy',
  'Red',
  'Olive',
  'Sand',
  'Silver',
  'Teal',
  'Amber',
];

function uuidFrom(random) {
  const bytes = new Uint8Array(16);
  for (let i = 0; i < 16; i++) bytes[i] = Math.floor(random() * 256);
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Buffer.from(bytes).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function pickCategory(random) {
  let r = random();
  for (let i = 0; i < CATEGORY_WEIGHTS.length; i++) {
    r -= CATEGORY_WEIGHTS[i];
    if (r < 0) return PRODUCT_CATEGORIES[i];
  }
  return PRODUCT_CATEGORIES[PRODUCT_CATEGORIES.length - 1];
}

const pick = (random, list) => list[Math.floor(random() * list.length)];

/**
 * `count` product rows ready for `db.insert(products)`, plus the supplier list. Products owned by
 * `suppliers` suppliers; created over the two years before 2026-10-01, one every few minutes.
 */
export function generateCatalog({ count, seed = 20261001, suppliers = 400 }) {
  const random = prng(seed);
  const templates = new Map(
    PRODUCT_CATEGORIES.map((c) => [c, SEED_PRODUCTS.filter((p) => p.category === c)]),
  );
  const owners = Array.from({ length: suppliers }, (_, i) => ({
    uid: `bench-supplier-${i}`,
    email: `supplier-${i}@bench.bulkwise.test`,
    name: `Supplier ${i}`,
  }));
  const end = Date.UTC(2026, 9, 1);
  const span = 2 * 365 * 24 * 3_600_000;
  const rows = new Array(count);
  for (let i = 0; i < count; i++) {
    const category = pickCategory(random);
    const template = pick(random, templates.get(category));
    const owner = pick(random, owners);
    const bulk = random() < 1 / 3;
    const minSellingQuantity = bulk ? 101 + Math.floor(random() * 900) : 1 + Math.floor(random() * 100);
    // Log-uniform between 0.50 and 5,000.00: many cheap items, a long tail of machinery.
    const price = Math.round(Math.exp(Math.log(0.5) + random() * Math.log(10_000)) * 100) / 100;
    const createdAt = new Date(
      end - Math.floor(((count - i) / count) * span) - Math.floor(random() * 60_000),
    );
    rows[i] = {
      id: uuidFrom(random),
      name: `${template.name} ${pick(random, VARIANTS)} ${pick(random, COLOURS)} (${pick(random, PACKS)})`,
      brandName: template.brandName,
      category,
      categorySlug: categorySlug(category),
      description: template.description,
      image: template.image,
      // Enough stock for hundreds of orders at the minimum.
      mainQuantity: minSellingQuantity * (200 + Math.floor(random() * 2000)),
      minSellingQuantity,
      price: Math.max(0.5, price),
      rating: Math.round((3 + random() * 2) * 10) / 10,
      ownerUid: owner.uid,
      userEmail: owner.email,
      userName: owner.name,
      createdAt,
      updatedAt: createdAt,
    };
  }
  return { rows, owners };
}
