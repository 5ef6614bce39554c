// The purchases-on-account bench's data, in SQL: SUPPLIERS suppliers with 50 products each (stock no run
// exhausts), two groups of BUYERS buyers (`bench-prepay-<k>`, `bench-net-<k>`) with an account with every
// supplier (prepay; net 30 with a limit no order reaches), and HISTORY past orders per buyer spread over the
// suppliers, delivered, invoiced and paid: what the net group's credit check sums on every purchase. The
// past orders are loaded with triggers off (they would run the credit check and the rollups row by row).

const PRODUCTS_PER_SUPPLIER = 50;

export async function seedTerms(exec, { BUYERS, SUPPLIERS, HISTORY }) {
  await exec(`
    insert into products (name, brand_name, category, category_slug, description, image, main_quantity,
      min_selling_quantity, price, rating, owner_uid, user_email, user_name)
    select 'Terms crate ' || s || '-' || p, 'Benchco', 'Industrial Machinery & Tools', 'industrial_machinery_tools',
      'A crate for the bench', '/images/products/placeholder.jpg', 1000000000, 1, 2.5 + p, 4.2,
      'bench-supplier-' || s, 'supplier-' || s || '@bench.bulkwise.test', 'Supplier ' || s
    from generate_series(1, ${SUPPLIERS}) s cross join generate_series(1, ${PRODUCTS_PER_SUPPLIER}) p`);
  await exec(`
    insert into trade_accounts (supplier_uid, supplier_name, supplier_email, buyer_uid, buyer_name, buyer_email,
      terms, net_days, credit_limit_cents, company_name, tax_id, billing_address)
    select 'bench-supplier-' || s, 'Supplier ' || s, 'supplier-' || s || '@bench.bulkwise.test',
      g.kind || '-' || k, g.kind || ' ' || k, g.kind || '-' || k || '@bench.bulkwise.test',
      case when g.kind = 'bench-net' then 'net' else 'prepay' end,
      case when g.kind = 'bench-net' then 30 end,
      case when g.kind = 'bench-net' then 100000000000 else 0 end,
      'Buyer ' || k || ' Ltd', 'GB' || lpad(k::text, 9, '0'), k || ' Harbour Road, Bristol'
    from generate_series(1, ${SUPPLIERS}) s cross join generate_series(0, ${BUYERS - 1}) k
    cross join (values ('bench-prepay'), ('bench-net')) g(kind)`);
  await exec(`set session_replication_role = replica`);
  await exec(`
    insert into cart_items (buyer_uid, buyer_email, buyer_name, product_id, product_snapshot, quantity, unit_price,
      address, phone, updated_quantity, purchased_at, status, supplier_uid, supplier_email, supplier_name,
      payment_terms, net_days)
    select a.buyer_uid, a.buyer_email, a.buyer_name, p.id, jsonb_build_object('_id', p.id, 'name', p.name),
      1 + h % 10, p.price, '14 Harbour Road, Bristol', '+44 117 496 0123', 0,
      now() - (${HISTORY} - h) * interval '1 day' / 4, 'delivered', a.supplier_uid, a.supplier_email, a.supplier_name,
      a.terms, a.net_days
    from generate_series(0, ${BUYERS - 1}) k
    cross join (values ('bench-prepay'), ('bench-net')) g(kind)
    cross join generate_series(1, ${HISTORY}) h
    join trade_accounts a on a.buyer_uid = g.kind || '-' || k and a.supplier_uid = 'bench-supplier-' || (1 + h % ${SUPPLIERS})
    cross join lateral (select * from products where owner_uid = a.supplier_uid order by name
      offset (h % ${PRODUCTS_PER_SUPPLIER}) limit 1) p`);
  await exec(`
    insert into invoices (number, account_id, order_id, supplier_uid, buyer_uid, total_cents, terms, issued_on, due_on,
      snapshot, paid_cents, issued_at)
    select 'T-' || row_number() over (order by c.id), a.id, c.id, c.supplier_uid, c.buyer_uid,
      round(c.unit_price * 100)::bigint * c.quantity, a.terms, c.purchased_at::date, c.purchased_at::date + 30,
      jsonb_build_object('orderId', c.id), round(c.unit_price * 100)::bigint * c.quantity, c.purchased_at
    from cart_items c join trade_accounts a on a.supplier_uid = c.supplier_uid and a.buyer_uid = c.buyer_uid`);
  await exec(`set session_replication_role = origin`);
  await exec('vacuum analyze');
  const one = async (text) => (await exec(text)).rows[0].n;
  return {
    products: await one('select count(*)::int as n from products'),
    accounts: await one('select count(*)::int as n from trade_accounts'),
    orders: await one('select count(*)::int as n from cart_items'),
    productIds: (await exec('select id from products')).rows.map((r) => r.id),
  };
}
