/**
 * Writes the offline seed artwork (SVG only, no network, no dependencies) into apps/web/public:
 *   images/products/<kebab-name>.svg   800x600, one per SEED_PRODUCTS entry (its `image` path)
 *   images/categories/<slug>.svg       800x500, one per SEED_CATEGORIES entry (its `image` path)
 *   images/hero/*.svg                  1600x900 background art for the home slider (no text)
 *   images/avatars/*.svg               200x200 initials avatars and a default silhouette
 *   images/placeholder.svg, images/logo.svg, favicon.svg
 *
 * The product and category lists come straight from the TypeScript seed catalog, so run it with tsx
 * from the repository root:
 *
 *   node_modules/.bin/tsx scripts/generate-seed-images.mjs
 *
 * The output is deterministic: running it twice gives identical files. Stale product and category
 * images (no longer in the catalog) are removed.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AVATARS, PLACEHOLDER, logoSvg } from './seed-images/avatars.mjs';
import { categorySvg, productSvg } from './seed-images/cards.mjs';
import { HEROES } from './seed-images/heroes.mjs';

let catalog;
try {
  catalog = await import('../apps/api/src/db/seed/catalog.ts');
} catch (error) {
  console.error(
    'Could not load the seed catalog. Run: node_modules/.bin/tsx scripts/generate-seed-images.mjs',
  );
  throw error;
}
const { SEED_CATEGORIES, SEED_PRODUCTS } = catalog;

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const PUBLIC_DIR = join(ROOT, 'apps/web/public');
const IMAGES_DIR = join(PUBLIC_DIR, 'images');

function write(relativePath, svg) {
  const file = join(PUBLIC_DIR, relativePath);
  mkdirSync(dirname(file), { recursive: true });
  const content = `${svg.replace(/\n\s*/g, '')}\n`;
  writeFileSync(file, content);
  return { file, bytes: Buffer.byteLength(content) };
}

function removeStale(dir, keep) {
  try {
    for (const name of readdirSync(dir))
      if (name.endsWith('.svg') && !keep.has(name)) rmSync(join(dir, name));
  } catch {
    /* directory does not exist yet */
  }
}

// ---------------------------------------------------------------------------------------------------------
// Write everything

const written = [];
const productNames = new Set();
for (const product of SEED_PRODUCTS) {
  const name = basename(product.image);
  productNames.add(name);
  written.push(write(`images/products/${name}`, productSvg(product)));
}
const categoryNames = new Set();
for (const category of SEED_CATEGORIES) {
  const name = basename(category.image);
  categoryNames.add(name);
  written.push(write(`images/categories/${name}`, categorySvg(category)));
}
removeStale(join(IMAGES_DIR, 'products'), productNames);
removeStale(join(IMAGES_DIR, 'categories'), categoryNames);
for (const [name, svg] of Object.entries(HEROES)) written.push(write(`images/hero/${name}.svg`, svg));
for (const [name, svg] of Object.entries(AVATARS)) written.push(write(`images/avatars/${name}.svg`, svg));
written.push(write('images/placeholder.svg', PLACEHOLDER));
written.push(write('images/logo.svg', logoSvg(64)));
written.push(write('favicon.svg', logoSvg(32)));

const total = written.reduce((sum, w) => sum + w.bytes, 0);
const largest = written.reduce((a, b) => (b.bytes > a.bytes ? b : a));
console.log(
  `Wrote ${written.length} SVG files (${(total / 1024).toFixed(1)} KB; largest ${basename(largest.file)} ${largest.bytes} B) into ${PUBLIC_DIR}`,
);
