// A marketplace generated in SQL (generate_series, in batches, with progress lines), shared by the insights
// bench (100,000 products) and the scale bench (1,000,000): products of many suppliers, orders over two years
// with one supplier holding a fifth of them, the insights rollups rebuilt from the migrations' backfill, and
// optionally each order's history (as the orders desk shows it).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../stack.mjs';
import { fmt } from './report.mjs';

/** @typedef {(text: string) => Promise<{ rows: any[] }>} Exec */
/** @typedef {{ name: string, brandName: string, category: string, categorySlug: string, description: string }} Template */

const literal = (s) => `'${String(s).replaceAll("'", "''")}'`;
const array = (list) => `array[${list.map(literal).join(', ')}]`;

/** Product i of the plain catalog: "Bench item i" in one of 3 categories, stock for any number of orders. */
const plainSelect = (suppliers) => `
    select 'Bench item ' || i, 'Benchco', c.name, c.slug, 'An item for the bench', '/images/products/placeholder.jpg',
      1000000, 10, 2.5 + (i % 400), 4.2,
      'bench-supplier-' || (i % ${suppliers}), 'bench-supplier-' || (i % ${suppliers}) || '@bench.bulkwise.test',
      'Bench supplier ' || (i % ${suppliers})
    from generate_series(%FROM%, %TO%) i
    cross join lateral (select (array['Industrial Machinery & Tools', 'Office Supplies & Stationery', 'Health & Beauty'])[1 + i % 3] as name,
      (array['industrial_machinery_tools', 'office_supplies_stationery', 'health_beauty'])[1 + i % 3] as slug) c`;

/**
 * Product i of a catalog like catalog.mjs's: a template's name (the demo catalog's) with a variant, a colour
 * and a pack, so search finds real words; log-uniform prices from 0.50 to 5,000; a third with a minimum
 * order over 100; stock for 20,000 minimum orders.
 * @param {number} suppliers @param {{ templates: Template[], variants: string[], colours: string[], packs: string[] }} words
 */
const catalogSelect = (suppliers, { templates, variants, colours, packs }) => `
    select t.name || ' ' || (${array(variants)})[1 + (i / 7) % ${variants.length}] || ' '
        || (${array(colours)})[1 + (i / 3) % ${colours.length}] || ' (' || (${array(packs)})[1 + (i / 11) % ${packs.length}] || ')',
      t.brand_name, t.category, t.slug, t.description, '/images/products/placeholder.jpg',
      least(q.min * 20000, 10000000), q.min, round((0.5 * exp(((i::bigint * 2654435761) % 10000) / 10000.0 * ln(10000)))::numeric, 2),
      3 + (i % 21) / 10.0,
      'bench-supplier-' || (i % ${suppliers}), 'bench-supplier-' || (i % ${suppliers}) || '@bench.bulkwise.test',
      'Bench supplier ' || (i % ${suppliers})
    from generate_series(%FROM%, %TO%) i
    cross join lateral (select case when i % 3 = 0 then 101 + i % 900 else 1 + i % 100 end as min) q
    cross join lateral (select (${array(templates.map((t) => t.name))})[1 + (i::bigint * 7919) % ${templates.length}] as name,
      (${array(templates.map((t) => t.brandName))})[1 + (i::bigint * 7919) % ${templates.length}] as brand_name,
      (${array(templates.map((t) => t.category))})[1 + (i::bigint * 7919) % ${templates.length}] as category,
      (${array(templates.map((t) => t.categorySlug))})[1 + (i::bigint * 7919) % ${templates.length}] as slug,
      (${array(templates.map((t) => t.description))})[1 + (i::bigint * 7919) % ${templates.length}] as description) t`;

/**
 * `products` products over `suppliers` suppliers (product i belongs to supplier i % suppliers), in batches of
 * 100,000 with a progress line each; `words` makes catalog-like names (see catalogSelect), else plain ones.
 * @param {Exec} exec
 * @param {{ products: number, suppliers: number, words?: Parameters<typeof catalogSelect>[1], step?: (msg: string) => void }} options
 */
export async function seedProducts(exec, { products, suppliers, words, step = () => {} }) {
  const select = words ? catalogSelect(suppliers, words) : plainSelect(suppliers);
  const batch = 100_000;
  for (let from = 0; from < products; from += batch) {
    const to = Math.min(products, from + batch) - 1;
    await exec(`
    insert into products (name, brand_name, category, category_slug, description, image, main_quantity,
      min_selling_quantity, price, rating, owner_uid, user_email, user_name)
    ${select.replace('%FROM%', String(from)).replace('%TO%', String(to))}`);
    if (products > batch) step(`  ${fmt(to + 1)} products`);
  }
}

/**
 * `orders` orders over the two years before 2026-10-01 on the `products` products: every fifth to a product
 * of `bigUid` (20 % of the orders), the others to any supplier's. Statuses in every proportion, a third of
 * the shipments after more than 2 days; each with the product's whole snapshot, as a purchase stores it (the
 * desk answers it). Inserted with the triggers off; the rollups are rebuilt after.
 * Answers the big supplier's order count.
 * @param {Exec} exec
 * @param {{ orders: number, products: number, buyers: number, bigUid: string, step?: (msg: string) => void }} options
 */
export async function seedOrders(exec, { orders, products, buyers, bigUid, step = () => {} }) {
  await exec(`create temporary table bench_products as
    select row_number() over (order by id) - 1 as n, id, name, category, category_slug, price, owner_uid, user_email, user_name,
      image, brand_name, description, main_quantity, min_selling_quantity, rating
    from products`);
  await exec(`create index on bench_products (n)`);
  await exec(`analyze bench_products`);
  const big = (
    await exec(
      `select array_agg(n order by n) as ns from bench_products where owner_uid = ${literal(bigUid)}`,
    )
  ).rows[0].ns;
  await exec(
    `create temporary table bench_big as select ordinality - 1 as k, n from unnest('{${big.join(',')}}'::bigint[]) with ordinality n`,
  );
  await exec(`create index on bench_big (k)`);
  await exec(`set session_replication_role = replica`);
  const batch = 50_000;
  for (let from = 1; from <= orders; from += batch) {
    const to = Math.min(orders, from + batch - 1);
    await exec(`
      insert into cart_items (buyer_uid, buyer_email, buyer_name, product_id, product_snapshot, quantity, unit_price,
        address, phone, updated_quantity, purchased_at, status, supplier_uid, supplier_email, supplier_name,
        cancelled_by, shipped_at)
      select 'bench-buyer-' || (i::bigint * 7919 % ${buyers}), 'buyer-' || (i::bigint * 7919 % ${buyers}) || '@bench.bulkwise.test',
        'Buyer ' || (i::bigint * 7919 % ${buyers}), p.id,
        jsonb_build_object('_id', p.id, 'image', p.image, 'name', p.name, 'brandName', p.brand_name,
          'category', p.category, 'categorySlug', p.category_slug, 'description', p.description,
          'mainQuantity', p.main_quantity, 'minSellingQuantity', p.min_selling_quantity, 'price', p.price,
          'rating', p.rating, 'userName', p.user_name, 'createdAt', '2024-10-01T00:00:00.000Z'),
        10 + i % 90, case when i % 4 = 0 then round(p.price * 0.9, 2) else p.price end,
        'Harbour Road', '+44 117 496 0000', 0, g.at, s.status, p.owner_uid, p.user_email, p.user_name,
        case when s.status = 'cancelled' then (array['buyer', 'supplier'])[1 + i % 2] end,
        case when s.status in ('shipped', 'delivered') then g.at + (1 + i % 96) * interval '1 hour' end
      from generate_series(${from}::int, ${to}::int) i
      cross join lateral (select timestamptz '2026-10-01T00:00:00Z' - (i::bigint * 63113904 / ${orders}) * interval '1 second' as at) g
      cross join lateral (select (array['placed', 'confirmed', 'shipped', 'delivered', 'delivered', 'delivered',
        'delivered', 'cancelled', 'placed', 'delivered'])[1 + i % 10] as status) s
      cross join lateral (select * from bench_products where n = case when i % 5 = 0
        then (select b.n from bench_big b where b.k = (i / 5) % ${big.length}) else (i::bigint * 104729) % ${products} end) p`);
    if (to % 200_000 === 0 || to === orders) step(`  ${fmt(to)} orders`);
  }
  await exec(`set session_replication_role = origin`);
  const { rows } = await exec(
    `select count(*)::int as n from cart_items where supplier_uid = ${literal(bigUid)}`,
  );
  return rows[0].n;
}

/** Each order's history as the desk shows it: placed by the buyer, then its current status a day later. */
export async function seedOrderHistory(exec) {
  await exec(
    `insert into order_history (order_id, status, "by", at) select id, 'placed', 'buyer', purchased_at from cart_items`,
  );
  await exec(`
    insert into order_history (order_id, status, "by", at)
    select id, status, case when status = 'delivered' then 'buyer' else 'supplier' end, purchased_at + interval '1 day'
    from cart_items where status <> 'placed'`);
}

/** The insights rollups rebuilt with the migrations' own backfill statements (0019, 0020, 0023). @param {Exec} exec */
export async function rebuildRollups(exec) {
  const backfill = [
    '0019_insights.sql',
    '0020_insights_status_buyers.sql',
    '0023_insights_monthly.sql',
  ].flatMap((file) =>
    readFileSync(path.join(ROOT, 'apps/api/src/db/migrations', file), 'utf8')
      .split('--> statement-breakpoint')
      .filter((s) => /^\s*(--[^\n]*\n\s*)*(INSERT INTO|UPDATE) "insights_/.test(s)),
  );
  if (backfill.length !== 10)
    throw new Error(
      `expected the 10 rollup backfills of migrations 0019, 0020 and 0023, found ${backfill.length}`,
    );
  for (const statement of backfill) await exec(statement);
}
