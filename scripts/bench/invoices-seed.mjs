// The invoices bench's data, in SQL (fast): one supplier's INVOICES invoices over the year before today
// (one every 5 minutes, net 30) to 500 buyers, a fifth of them to one big buyer, plus a fifth as many from
// another supplier; statuses by age as a supplier's book looks (old ones paid, some overdue or void, the
// last month mostly open), with their payments and credit notes. Triggers stay on: the invalidation
// triggers of migration 0027 send one notification per statement (the API is not listening yet).

/** The status condition of invoices.repository.ts (statusCondition, with its indexed `invoiceSettled`). */
const SETTLED = `(case when voided_at is not null then 2 when total_cents - paid_cents - credited_cents = 0 then 1 else 0 end)`;
const STATUS_SQL = {
  void: `${SETTLED} = 2`,
  paid: `${SETTLED} = 1`,
  overdue: `${SETTLED} = 0 and due_on < today()`,
  partially_paid: `${SETTLED} = 0 and not due_on < today() and paid_cents > 0`,
  open: `${SETTLED} = 0 and not due_on < today() and paid_cents = 0`,
};

/** The page's statement as the repository sends it (first page, 20 + 1 rows). */
export function invoicesListSql(as, uid, status) {
  const today = `(now() at time zone 'UTC')::date`;
  const where = [`${as}_uid = '${uid}'`, status ? STATUS_SQL[status].replaceAll('today()', today) : null];
  return `select *, to_char(issued_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') from invoices
    where ${where.filter(Boolean).join(' and ')} order by issued_at desc, id desc limit 21`;
}

export async function seedInvoices(exec, { SUPPLIER, BUYER, INVOICES }) {
  const suppliers = [
    [SUPPLIER.uid, SUPPLIER.name, SUPPLIER.email, INVOICES],
    ['bench-other-supplier', 'Other Supplier', 'other@bench.bulkwise.test', Math.round(INVOICES / 5)],
  ];
  for (const [uid, name, email] of suppliers) {
    await exec(`
      insert into trade_accounts (supplier_uid, supplier_name, supplier_email, buyer_uid, buyer_name, buyer_email,
        terms, net_days, credit_limit_cents, company_name, tax_id, billing_address)
      select '${uid}', '${name}', '${email}', b.uid, b.name, b.email, 'net', 30, 100000000, b.name || ' Ltd',
        'GB' || lpad(b.k::text, 9, '0'), b.k || ' Harbour Road, Bristol'
      from (select 0 as k, '${BUYER.uid}' as uid, '${BUYER.name}' as name, '${BUYER.email}' as email
        union all select k, 'bench-buyer-' || k, 'Buyer ' || k, 'buyer-' || k || '@bench.bulkwise.test'
        from generate_series(1, 499) k) b`);
  }
  for (const [uid, name, email, count] of suppliers) {
    for (let from = 1; from <= count; from += 10_000) {
      await exec(insertBatch(uid, name, email, count, from, Math.min(count, from + 9_999), BUYER.uid));
    }
  }
  await exec(`
    insert into invoice_payments (invoice_id, amount_cents, paid_on, method, reference, recorded_by, recorded_at)
    select id, paid_cents, due_on - 3, 'bank transfer', 'REF-' || number, supplier_uid, issued_at + interval '27 days'
    from invoices where paid_cents > 0`);
  await exec(`
    insert into credit_notes (number, invoice_id, amount_cents, issued_on, reason, seller, issued_at)
    select replace(number, '-INV-', '-CN-'), id, credited_cents, issued_on + 1, 'Cancelled', snapshot->'seller',
      issued_at + interval '1 day'
    from invoices where voided_at is not null`);
  await exec('vacuum analyze');
  const count = async (column, uid) => {
    const out = {};
    for (const status of Object.keys(STATUS_SQL)) {
      const where = STATUS_SQL[status].replaceAll('today()', `(now() at time zone 'UTC')::date`);
      const { rows } = await exec(
        `select count(*)::int as n from invoices where ${column} = '${uid}' and ${where}`,
      );
      out[status] = rows[0].n;
    }
    return out;
  };
  const supplier = await count('supplier_uid', SUPPLIER.uid);
  const buyer = await count('buyer_uid', BUYER.uid);
  const sum = (o) => Object.values(o).reduce((a, b) => a + b, 0);
  return { supplier, buyer, supplierTotal: sum(supplier), buyerTotal: sum(buyer) };
}

/** Invoices from..to of a supplier's `count`: invoice i is issued (count - i) * 5 minutes before now. */
function insertBatch(uid, name, email, count, from, to, bigBuyer) {
  return `
    insert into invoices (number, account_id, order_id, supplier_uid, buyer_uid, total_cents, terms, issued_on,
      due_on, snapshot, paid_cents, credited_cents, voided_at, issued_at)
    select '${uid}-INV-' || lpad(i::text, 7, '0'), a.id, gen_random_uuid(), '${uid}', a.buyer_uid, x.total, 'net',
      x.at::date, x.at::date + 30,
      jsonb_build_object('number', '${uid}-INV-' || lpad(i::text, 7, '0'),
        'seller', jsonb_build_object('id', '${uid}', 'name', '${name}', 'email', '${email}',
          'legalName', '${name} Ltd', 'billingAddress', '1 Mill Lane, Leeds LS1 4AB', 'taxId', 'GB987654321'),
        'buyer', jsonb_build_object('name', a.buyer_name, 'email', a.buyer_email, 'companyName', a.company_name,
          'billingAddress', a.billing_address, 'taxId', a.tax_id),
        'line', jsonb_build_object('productId', gen_random_uuid(), 'name', 'Bench crate ' || (i % 20),
          'sku', 'SKU-' || (i % 20), 'quantity', 10 + i % 90, 'unitPrice', x.unit / 100.0, 'total', x.total / 100.0),
        'total', x.total / 100.0, 'terms', 'net', 'netDays', 30, 'issuedOn', x.at::date, 'dueOn', x.at::date + 30,
        'poNumber', case when i % 3 = 0 then 'PO-' || i end, 'orderId', gen_random_uuid()),
      case s.kind when 'paid' then x.total when 'partial' then x.total / 2 else 0 end,
      case s.kind when 'void' then x.total else 0 end,
      case s.kind when 'void' then x.at + interval '1 day' end,
      x.at
    from generate_series(${from}::int, ${to}::int) i
    cross join lateral (select case when i % 5 = 0 then '${bigBuyer}' else 'bench-buyer-' || (1 + i % 499) end as buyer) b
    join trade_accounts a on a.supplier_uid = '${uid}' and a.buyer_uid = b.buyer
    cross join lateral (select now() - (${count} - i) * interval '5 minutes' - (i % 997) * interval '1 millisecond' as at,
      250 + (i % 97) * 25 as unit) t
    cross join lateral (select t.at, t.unit, t.unit * (10 + i % 90) as total,
      (current_date - t.at::date) as age, i % 20 as r) x
    cross join lateral (select case
      when x.age > 60 then (case when x.r < 17 then 'paid' when x.r = 17 then 'void' when x.r = 18 then 'unpaid' else 'partial' end)
      when x.age > 30 then (case when x.r < 12 then 'paid' when x.r = 12 then 'void' when x.r < 17 then 'unpaid' else 'partial' end)
      else (case when x.r < 3 then 'paid' when x.r = 3 then 'void' when x.r < 7 then 'partial' else 'unpaid' end)
    end as kind) s`;
}
