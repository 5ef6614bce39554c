// Fills a fresh, migrated database with the 7 categories (or the demo catalog `npm start` seeds) and a
// generated catalog, through the real migrations and schema. Run under tsx (run.mjs registers it): it imports the API's TypeScript.
import { categorySlug } from '@bulkwise/contracts';
import pg from 'pg';
import { openPostgres } from '../../apps/api/src/db/client.ts';
import { categories, products } from '../../apps/api/src/db/schema/index.ts';
import { SEED_CATEGORIES } from '../../apps/api/src/db/seed/catalog.ts';
import { seedCatalog } from '../../apps/api/src/db/seed/seed.ts';

/** 16 columns x 2,000 rows = 32,000 parameters, under PostgreSQL's 65,535 per statement. */
const BATCH = 2_000;

/** The 7 fixed categories, as a first start stores them. */
export async function seedCategories(db) {
  await db
    .insert(categories)
    .values(SEED_CATEGORIES.map((c, position) => ({ ...c, slug: categorySlug(c.name), position })));
}

/**
 * Opens the database (running the real migrations), inserts the categories and `rows` in multi-row
 * batches, then VACUUM ANALYZE so that the planner sees 100k rows (autovacuum would, some time later)
 * and index-only scans can use the visibility map. Returns the open database.
 */
/** @param {{ url: string, rows: any[], demoCatalog?: boolean, log?: (line: string) => void }} options */
export async function seedDatabase({ url, rows, demoCatalog = false, log = () => {} }) {
  const database = await openPostgres({ url, poolSize: 4 });
  const { db } = database;
  // demoCatalog: what `npm start` seeds (the categories and the demo products), as a first start would.
  if (demoCatalog) await seedCatalog(db);
  else await seedCategories(db);
  const started = Date.now();
  for (let i = 0; i < rows.length; i += BATCH) {
    await db.insert(products).values(rows.slice(i, i + BATCH));
    if ((i / BATCH) % 10 === 9) log(`  ${i + BATCH} products…`);
  }
  log(`  inserted ${rows.length} products in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  // Outside the API's pool: its 4 s statement timeout is for requests, and merging the search
  // index's pending entries of 100,000 fresh rows can take longer on a busy machine.
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('vacuum analyze');
  } finally {
    await client.end();
  }
  return database;
}
