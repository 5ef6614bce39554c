// The scale bench's marketplace (issue #29): the real migrations and the 7 categories, then the products,
// orders, their history and the insights rollups in SQL (marketplace.mjs, shared with the insights bench).
import pg from 'pg';
import { withClient } from '../api-process.mjs';
import { COLOURS, PACKS, VARIANTS } from '../catalog.mjs';
import { rebuildRollups, seedOrderHistory, seedOrders, seedProducts } from '../marketplace.mjs';
import { fmt } from '../report.mjs';

const { categorySlug } = await import('@bulkwise/contracts');
const { openPostgres } = await import('../../../apps/api/src/db/client.ts');
const { SEED_PRODUCTS } = await import('../../../apps/api/src/db/seed/catalog.ts');
const { seedCategories } = await import('../seed.mjs');

/** The demo catalog's products as name templates (marketplace.mjs adds a variant, a colour and a pack). */
export const TEMPLATES = SEED_PRODUCTS.map((p) => ({
  name: p.name,
  brandName: p.brandName,
  category: p.category,
  categorySlug: categorySlug(p.category),
  description: p.description,
}));

/**
 * The words buyers search for: every word of 5 letters or more in the names the generation makes (the typo
 * matching needs 5), so each one finds products; the search bench's common word is one of them.
 */
export function catalogWords() {
  const text = [...TEMPLATES.map((t) => t.name), ...VARIANTS, ...COLOURS].join(' ').toLowerCase();
  return [...new Set(text.match(/[a-z]{5,}/g) ?? [])].sort();
}

/**
 * Generates the marketplace on `databaseUrl` (an empty database): `products` products of `suppliers`
 * suppliers and `orders` orders, a fifth of them for `bigUid`. Answers that supplier's order count.
 * @param {{ databaseUrl: string, products: number, suppliers: number, orders: number, buyers: number, bigUid: string, step: (msg: string) => void }} options
 */
export async function generateMarketplace({
  databaseUrl,
  products,
  suppliers,
  orders,
  buyers,
  bigUid,
  step,
}) {
  const database = await openPostgres({ url: databaseUrl, poolSize: 1 });
  try {
    await seedCategories(database.db);
  } finally {
    await database.close();
  }
  // On a plain connection: the bulk statements run longer than the API pool's statement timeout.
  return withClient(pg, databaseUrl, async (exec) => {
    const words = { templates: TEMPLATES, variants: VARIANTS, colours: COLOURS, packs: PACKS };
    step(`Generating ${fmt(products)} products of ${fmt(suppliers)} suppliers`);
    await seedProducts(exec, { products, suppliers, words, step });
    step(`Generating ${fmt(orders)} orders (a fifth for ${bigUid})`);
    const bigOrders = await seedOrders(exec, { orders, products, buyers, bigUid, step });
    step('Order history and the insights rollups');
    await seedOrderHistory(exec);
    await rebuildRollups(exec);
    step('VACUUM ANALYZE, CHECKPOINT');
    await exec('vacuum analyze');
    // The bulk load's dirty pages are written now, not by a spread checkpoint during the first measured lines.
    await exec('checkpoint');
    return bigOrders;
  });
}
