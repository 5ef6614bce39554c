// `npm run bench` (part), or alone: `node scripts/bench/quotes.mjs`. The Quotes page of a supplier and of a
// buyer with 100,000 quotes each: GET /api/quotes?as=supplier|buyer first page (with the counts per status)
// and status tabs (New requests, Expiring within 24 hours, Expired; the buyer's Offers), and the badge. Seeds a fresh database (embedded PostgreSQL in a temp directory, or DATABASE_URL's server) through the
// real migrations, starts the API in production mode and drives it with autocannon. Writes the "Quotes list
// on …" section of bench/results/latest.md. Target (issue #26): p99 under 20 ms for every list line.
//
// Knobs (env): BENCH_QUOTES=100000 BENCH_DURATION=8 BENCH_WARMUP=2 BENCH_CONNECTIONS=50 BENCH_KEEP=1.
import { ApiBench, benchUser } from './api-bench.mjs';
import { envNumber, fmt } from './report.mjs';
import { met as verdict, resultTable } from './targets.mjs';

const bench = new ApiBench('quotes');
const QUOTES = envNumber('BENCH_QUOTES', 100_000);
const TARGET_P99_MS = 20;
const SUPPLIER = benchUser('bench-quotes-supplier', 'Quotes Supplier');
const BUYER = benchUser('bench-quotes-buyer', 'Quotes Buyer');

/**
 * QUOTES quotes to the supplier over the year before 2026-10-01, three lines each, in every status (offers
 * with their version, ending 1 to 720 hours from now), four in five from the buyer and the rest from 500
 * others; plus a fifth as many for another supplier, all from the buyer (who has QUOTES too).
 */
async function seed(exec) {
  const insertBatch = (supplierUid, count, from, to) =>
    exec(`
    insert into quotes (buyer_uid, buyer_email, buyer_name, supplier_uid, supplier_email, supplier_name, status,
      lines, needed_by, address, phone, current_version, valid_until, created_at, last_activity_at)
    select b.uid, b.uid || '@bench.bulkwise.test', b.uid,
      '${supplierUid}', '${supplierUid}@bench.bulkwise.test', '${supplierUid}', s.status,
      (select jsonb_agg(jsonb_build_object('productId', gen_random_uuid(), 'name', 'Bench crate ' || k,
        'image', '/images/products/placeholder.jpg', 'quantity', 1000 * k, 'targetUnitPriceCents', 150 * k))
        from generate_series(1, 3) k),
      date '2026-12-01', i || ' Harbour Road, Bristol', '+44 117 496 0000',
      case when s.status = 'requested' then 0 else 1 end,
      case when s.status = 'offered' then now() + (1 + i % 720) * interval '1 hour'
        when s.status in ('accepted', 'expired') then timestamptz '2026-10-01' end,
      timestamptz '2026-10-01T00:00:00Z' - (${count} - i) * interval '5 minutes',
      timestamptz '2026-10-01T00:00:00Z' - (${count} - i) * interval '5 minutes' - (i % 997) * interval '1 millisecond'
    from generate_series(${from}::int, ${to}::int) i
    cross join lateral (select (array['requested', 'requested', 'offered', 'countered', 'accepted', 'accepted',
      'declined', 'withdrawn', 'expired', 'offered'])[1 + i % 10] as status) s
    cross join lateral (select case when i % 5 <> 0 or '${supplierUid}' <> '${SUPPLIER.uid}' then '${BUYER.uid}'
      else 'bench-buyer-' || (i % 500) end as uid) b`);
  const insertQuotes = async (supplierUid, count) => {
    for (let from = 1; from <= count; from += 5_000)
      await insertBatch(supplierUid, count, from, Math.min(count, from + 4_999));
  };
  await insertQuotes(SUPPLIER.uid, QUOTES);
  await insertQuotes('bench-other-supplier', Math.round(QUOTES / 5));
  await exec(`
    insert into quote_versions (quote_id, number, "by", lines, valid_until, at)
    select id, 1, 'supplier', (select jsonb_agg(jsonb_build_object('productId', l->>'productId',
      'quantity', (l->>'quantity')::int, 'unitPriceCents', (l->>'targetUnitPriceCents')::int)) from jsonb_array_elements(lines) l),
      valid_until, last_activity_at
    from quotes where current_version = 1`);
  await exec(`vacuum analyze`);
  const count = async (column, uid) =>
    (await exec(`select count(*)::int as n from quotes where ${column} = '${uid}'`)).rows[0].n;
  return { supplier: await count('supplier_uid', SUPPLIER.uid), buyer: await count('buyer_uid', BUYER.uid) };
}

/** Each side's first page (size, counts summed: every quote once, `expiring` is a part), then the load. */
async function measure(base, headers) {
  const firstPage = async (side) => {
    const res = await fetch(`${base}/api/quotes?as=${side}&limit=20`, { headers: headers[side] });
    if (!res.ok) throw new Error(`GET /api/quotes as ${side}: ${res.status} ${await res.text()}`);
    const body = await res.text();
    const { expiring, ...counts } = JSON.parse(body).counts;
    const total = Object.values(counts).reduce((a, n) => a + Number(n), 0);
    return { bytes: Buffer.byteLength(body), total, expiring };
  };
  const first = { supplier: await firstPage('supplier'), buyer: await firstPage('buyer') };
  const results = [];
  /** @type {Array<['supplier' | 'buyer', string | null, string]>} side, status tab (null: the badge), label */
  const endpoints = [
    ['supplier', '', 'first page, all, with the counts'],
    ['supplier', 'requested', 'New requests'],
    ['supplier', 'expiring', 'Expiring within 24 hours'],
    ['supplier', 'expired', 'Expired'],
    ['buyer', '', 'first page, all, with the counts'],
    ['buyer', 'offered', 'Offers'],
    ['supplier', null, 'the navigation badge'],
  ];
  for (const [side, status, label] of endpoints) {
    const url =
      status === null
        ? '/api/quotes/awaiting'
        : `/api/quotes?as=${side}${status ? `&status=${status}` : ''}&limit=20`;
    const title = `GET ${url} (${side === 'buyer' ? "the buyer's " : ''}${label})`;
    bench.step(title);
    const request = { method: 'GET', path: url, headers: headers[side] };
    results.push({ ...(await bench.load(title, base, request)), list: status !== null });
  }
  return { first, results };
}

/** The section of latest.md: the setting, one row per endpoint, and the target line. */
function report(first, results) {
  const lists = results.filter((r) => r.list);
  const worst = Math.max(...lists.map((r) => r.p99));
  const met = worst < TARGET_P99_MS && lists.every((r) => r.non2xx + r.errors === 0);
  const markdown = [
    bench.runLine() +
      `One supplier with ${fmt(first.supplier.total)} quotes and one buyer with ${fmt(first.buyer.total)} (the lists' counts; ` +
      `${fmt(first.supplier.expiring)} of the supplier's offers end within 24 hours), 20 quotes per page with every status ` +
      `counted on each request (${fmt(first.supplier.bytes)} B). ${bench.loadLine()}.`,
    '',
    ...resultTable(results),
    '',
    `- quotes list p99 < ${TARGET_P99_MS} ms at ${fmt(QUOTES)} quotes (buyer and supplier, every tab above): worst ${fmt(worst, 1)} ms (${verdict(met)})`,
  ].join('\n');
  return { markdown, met };
}

async function main() {
  const { url, seeded } = await bench.seededDatabase(
    (server) =>
      `Quotes list bench on ${server}: ${fmt(QUOTES)} quotes for one supplier, ${bench.CONNECTIONS} connections, ${bench.DURATION} s per endpoint`,
    seed,
  );
  console.log(`  ${fmt(seeded.supplier)} quotes for the supplier, ${fmt(seeded.buyer)} for the buyer`);
  const { base, signedAs } = await bench.startApi(url);
  const headers = { supplier: await signedAs(SUPPLIER), buyer: await signedAs(BUYER) };
  const { first, results } = await measure(base, headers);
  await bench.stopApi();

  const { markdown, met } = report(first, results);
  bench.publish('Quotes list', {
    markdown,
    met: met && first.supplier.total === QUOTES && first.buyer.total === QUOTES,
  });
}

await bench.run(main);
