import {
  CATALOG_CSV_COLUMNS,
  CATALOG_IMPORT_MAX_BYTES,
  CATALOG_MESSAGES,
  CreateProductBodySchema,
  SKU_TAKEN_MESSAGE,
  type CatalogImportReport,
} from '@bulkwise/contracts';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { DB_KIND } from '../../../test/build-test-app';
import { useTestApp } from '../../../test/use-test-app';
import {
  bearer,
  createProduct,
  makeUser,
  productInput,
  purchase,
  supplierWithProduct,
  call,
  type TestUser,
} from '../../../test/factories';
import { NEW_PRODUCT_COLUMNS, csvFile, productRow } from '../../../test/catalog-csv';
import { multipartFile } from '../../../test/multipart';

const t = useTestApp();

type Row = Record<string, string>;

const HEADER =
  'id,sku,name,brandName,category,price,stock,minSellingQuantity,lowStockThreshold,rating,description,image,priceTiers,version';

async function exportCsv(user: TestUser) {
  return t.app.inject({ method: 'GET', url: '/api/my-products/export.csv', headers: await bearer(t, user) });
}
const rowsOf = (csv: string): Row[] => parse(csv, { columns: true, bom: true }) as Row[];
const exported = async (user: TestUser) => rowsOf((await exportCsv(user)).body);

async function importCsv(
  user: TestUser,
  body: string | Buffer,
  query = 'mode=preview',
  contentType = 'text/csv',
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/my-products/import?${query}`,
    headers: { ...(await bearer(t, user)), 'content-type': contentType },
    payload: body,
  });
}
const report = (res: { json(): unknown }) => res.json() as CatalogImportReport;

async function productOf(id: string) {
  return (await t.app.inject({ method: 'GET', url: `/api/products/${id}` })).json() as Record<
    string,
    unknown
  >;
}

describe('GET /api/my-products/export.csv', () => {
  it("streams the caller's products only, with the exact header, breaks as 100:9.50;500:9.00 and a version", async () => {
    const { supplier, product: a } = await supplierWithProduct(t, {
      sku: 'A-1',
      price: 10,
      minSellingQuantity: 50,
      priceTiers: [
        { minQuantity: 100, price: 9.5 },
        { minQuantity: 500, price: 9 },
      ],
    });
    const rival = makeUser('rival');
    await createProduct(t, rival, { sku: 'R-1' });

    const res = await exportCsv(supplier);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="products-/);
    expect(res.body.split('\r\n')[0]).toBe(HEADER);
    expect(HEADER.split(',')).toEqual(CATALOG_CSV_COLUMNS);
    const rows = rowsOf(res.body);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: a._id,
      sku: 'A-1',
      price: '10.00',
      stock: '1000',
      priceTiers: '100:9.50;500:9.00',
    });
    expect(rows[0]!.version).not.toBe('');
    expect((await exportCsv(makeUser('nobody'))).body).toBe(`${HEADER}\r\n`);
  });

  it('changes the version when the product changes, stock taken by an order included, and only then', async () => {
    const { supplier, product } = await supplierWithProduct(t, { mainQuantity: 500 });
    const [first] = await exported(supplier);
    expect((await exported(supplier))[0]!.version).toBe(first!.version);
    expect((await purchase(t, makeUser('buyer'), product._id, 10)).statusCode).toBe(200);
    const [afterSale] = await exported(supplier);
    expect(afterSale!.stock).toBe('490');
    expect(afterSale!.version).not.toBe(first!.version);
  });

  it('neutralises formula cells, after a leading newline and in full-width forms too, and the import restores them', async () => {
    const supplier = makeUser('supplier');
    // A leading newline or tab never reaches a product (the rules trim text); neutralise.test.ts covers them.
    const names = [
      '=HYPERLINK("x")',
      '+1',
      '-1',
      '@SUM(A1)',
      '\uFF1D1+1',
      '\uFF0B1',
      '\uFF0D1',
      '\uFF20A1',
      "'quoted",
    ];
    for (const name of names) await createProduct(t, supplier, { name, description: `about ${name}` });
    const res = await exportCsv(supplier);
    const cells = rowsOf(res.body).map((r) => r.name);
    expect(cells).toEqual(names.map((n) => `'${n}`));
    expect(res.body).toContain(`"'=HYPERLINK(""x"")"`);

    const back = report(await importCsv(supplier, res.body));
    expect(back).toMatchObject({
      rows: names.length,
      create: 0,
      update: 0,
      unchanged: names.length,
      errors: [],
    });
  });

  it('reads in batches: a catalog larger than one batch comes out whole, once each, oldest first', async () => {
    const supplier = makeUser('bulk');
    const count = 1_205;
    const file = csvFile(
      NEW_PRODUCT_COLUMNS,
      Array.from({ length: count }, (_, i) => productRow(`BULK-${i}`)),
    );
    expect(report(await importCsv(supplier, file, 'mode=commit')).create).toBe(count);
    const rows = await exported(supplier);
    expect(rows).toHaveLength(count);
    expect(new Set(rows.map((r) => r.id)).size).toBe(count);
    expect(new Set(rows.map((r) => r.sku)).size).toBe(count);
  });
});

describe('GET /api/my-products/import-template.csv', () => {
  it('is the header and two example rows that import cleanly', async () => {
    const supplier = makeUser('supplier');
    const res = await call(t, supplier, 'GET', '/api/my-products/import-template.csv');
    expect(res.statusCode).toBe(200);
    expect(res.body.split('\r\n')[0]).toBe(HEADER);
    expect(rowsOf(res.body)).toHaveLength(2);
    expect(report(await importCsv(supplier, res.body))).toMatchObject({
      rows: 2,
      create: 2,
      errors: [],
      conflicts: [],
    });
  });

  it('needs a signed-in caller, like the export and the import', async () => {
    for (const [method, url] of [
      ['GET', '/api/my-products/import-template.csv'],
      ['GET', '/api/my-products/export.csv'],
      ['POST', '/api/my-products/import?mode=preview'],
    ] as const) {
      expect((await t.app.inject({ method, url })).statusCode).toBe(401);
    }
  });
});

describe('POST /api/my-products/import', () => {
  it('round trip: exporting and importing back is update 0, in preview and commit', async () => {
    const supplier = makeUser('supplier');
    await createProduct(t, supplier, { sku: 'RT-1', description: 'Line one,\n"line" two', price: 19.99 });
    await createProduct(t, supplier, { priceTiers: [{ minQuantity: 100, price: 12 }] });
    const file = (await exportCsv(supplier)).body;
    expect(report(await importCsv(supplier, file))).toEqual({
      rows: 2,
      create: 0,
      update: 0,
      unchanged: 2,
      conflicts: [],
      errors: [],
    });
    expect(report(await importCsv(supplier, file, 'mode=commit'))).toMatchObject({
      create: 0,
      update: 0,
      unchanged: 2,
    });
    expect((await exportCsv(supplier)).body).toBe(file);
  });

  it('preview changes nothing and predicts exactly what commit does; caches show the commit at once', async () => {
    const { supplier, product: kept } = await supplierWithProduct(t, { sku: 'KEEP', price: 5 });
    const changed = await createProduct(t, supplier, { sku: 'CHG', price: 5 });
    expect((await productOf(changed._id)).price).toBe(5); // now in the product cache
    const file = csvFile(
      ['id', 'sku', 'price'],
      [
        [kept._id, 'KEEP', '5.00'],
        ['', 'CHG', '7.25'],
      ],
    );

    const preview = report(await importCsv(supplier, file));
    expect(preview).toEqual({ rows: 2, create: 0, update: 1, unchanged: 1, conflicts: [], errors: [] });
    expect((await productOf(changed._id)).price).toBe(5);
    const commit = report(await importCsv(supplier, file, 'mode=commit'));
    expect(commit).toEqual(preview);
    expect((await productOf(changed._id)).price).toBe(7.25);
    expect((await productOf(kept._id)).price).toBe(5);
  });

  it('creates rows without a match, and a column left out changes nothing on existing products', async () => {
    const { supplier, product: existing } = await supplierWithProduct(t, {
      sku: 'EX-1',
      name: 'Kept name',
      mainQuantity: 300,
      rating: 3.5,
    });
    const created = report(
      await importCsv(
        supplier,
        csvFile(NEW_PRODUCT_COLUMNS, [productRow('NEW-1'), productRow('NEW-2')]),
        'mode=commit',
      ),
    );
    expect(created).toMatchObject({ create: 2, update: 0 });
    const onlyStock = csvFile(['sku', 'stock'], [['EX-1', 42]]);
    expect(report(await importCsv(supplier, onlyStock, 'mode=commit'))).toMatchObject({ update: 1 });
    expect(await productOf(existing._id)).toMatchObject({
      name: 'Kept name',
      mainQuantity: 42,
      rating: 3.5,
      sku: 'EX-1',
    });
    const names = (await exported(supplier)).map((r) => r.name).sort();
    expect(names).toEqual(['Kept name', 'Product NEW-1', 'Product NEW-2']);
  });

  it('an empty cell clears an optional field and is an error for a required one', async () => {
    const { supplier, product } = await supplierWithProduct(t, { sku: 'CLR' });
    const file = csvFile(['id', 'sku', 'name'], [[product._id, '', 'Still named']]);
    expect(report(await importCsv(supplier, file, 'mode=commit'))).toMatchObject({ update: 1 });
    expect(await productOf(product._id)).toMatchObject({ sku: null, name: 'Still named' });
    const blankName = report(await importCsv(supplier, csvFile(['id', 'name'], [[product._id, '  ']])));
    expect(blankName.errors).toEqual([{ row: 2, column: 'name', message: 'Name is required' }]);
  });

  it("refuses another supplier's id as a row error, never an update, and commit changes nothing (422)", async () => {
    const supplier = makeUser('supplier');
    const rival = makeUser('rival');
    const theirs = await createProduct(t, rival, { price: 50 });
    const file = csvFile(['id', 'price'], [[theirs._id, '1.00']]);
    expect(report(await importCsv(supplier, file)).errors).toEqual([
      { row: 2, column: 'id', message: CATALOG_MESSAGES.notYours },
    ]);
    const mixed = csvFile(
      ['id', ...NEW_PRODUCT_COLUMNS],
      [
        ['', ...productRow('OK-1')],
        [theirs._id, ...productRow('OK-2')],
      ],
    );
    const refused = await importCsv(supplier, mixed, 'mode=commit');
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      code: 'IMPORT_REJECTED',
      report: { rows: 2, create: 1, errors: [{ row: 3, column: 'id' }] },
    });
    expect(await exported(supplier)).toEqual([]);
    expect((await productOf(theirs._id)).price).toBe(50);
  });

  it('refuses duplicate SKUs within the file and SKUs another of the products keeps', async () => {
    const { supplier, product: a } = await supplierWithProduct(t, { sku: 'TAKEN' });
    const b = await createProduct(t, supplier, { sku: 'FREE' });
    const twice = report(
      await importCsv(supplier, csvFile(NEW_PRODUCT_COLUMNS, [productRow('DUP'), productRow('DUP')])),
    );
    expect(twice.errors).toEqual([{ row: 3, column: 'sku', message: CATALOG_MESSAGES.duplicateSku(2) }]);
    const taken = report(await importCsv(supplier, csvFile(['id', 'sku'], [[b._id, 'TAKEN']])));
    expect(taken.errors).toEqual([{ row: 2, column: 'sku', message: SKU_TAKEN_MESSAGE }]);
    // Freed in the same file: a renamed, b takes its old SKU.
    const swap = report(
      await importCsv(
        supplier,
        csvFile(
          ['id', 'sku'],
          [
            [a._id, 'OLD'],
            [b._id, 'TAKEN'],
          ],
        ),
      ),
    );
    expect(swap).toMatchObject({ update: 2, errors: [] });
    // A rival's SKU is theirs to use.
    expect(
      report(await importCsv(makeUser('rival'), csvFile(NEW_PRODUCT_COLUMNS, [productRow('TAKEN')]))).create,
    ).toBe(1);
  });

  it('checks every field with the product form rules, in the same words, naming the file line and column', async () => {
    const supplier = makeUser('supplier');
    const cases: Array<[string, string | number, string]> = [
      ['name', '', 'name'],
      ['brandName', 'x'.repeat(101), 'brandName'],
      ['category', 'Toys', 'category'],
      ['price', 'abc', 'price'],
      ['price', '1.005', 'price'],
      ['price', 0, 'price'],
      ['stock', 1.5, 'mainQuantity'],
      ['stock', '', 'mainQuantity'],
      ['minSellingQuantity', 0, 'minSellingQuantity'],
      ['rating', 7, 'rating'],
      ['rating', 4.25, 'rating'],
      ['description', '', 'description'],
      ['image', 'javascript:alert(1)', 'image'],
      ['sku', 'A\tB', 'sku'],
    ];
    const file = csvFile(
      NEW_PRODUCT_COLUMNS,
      cases.map(([column, value], i) =>
        productRow(`F-${i}`, { [column]: value, ...(column === 'sku' ? { sku: value } : {}) }),
      ),
    );
    const { errors } = report(await importCsv(supplier, file));
    // What the form says for the same value (a number typed as one, a blank field empty).
    const formMessage = (_column: string, value: string | number, field: string) => {
      const typed = value === '' ? undefined : /^[\d.]+$/.test(String(value)) ? Number(value) : value;
      const result = CreateProductBodySchema.safeParse({ ...productInput(), [field]: typed });
      return result.success ? 'valid' : result.error.issues.find((i) => i.path[0] === field)?.message;
    };
    expect(errors).toEqual(
      cases.map(([column, value, field], i) => ({
        row: i + 2,
        column,
        message: formMessage(column, value, field),
      })),
    );
    const tiers = report(
      await importCsv(
        supplier,
        csvFile(NEW_PRODUCT_COLUMNS, [
          productRow('T-1', { priceTiers: '100-9' }),
          productRow('T-2', { priceTiers: '5:9.00' }),
        ]),
      ),
    );
    expect(tiers.errors.map((e) => [e.row, e.column])).toEqual([
      [2, 'priceTiers'],
      [3, 'priceTiers'],
    ]);
    expect(tiers.errors[0]!.message).toBe(CATALOG_MESSAGES.priceTiers);
  });

  it('reads semicolons, a BOM, quoted commas, quotes and newlines, CRLF; rows are named by their first line', async () => {
    const supplier = makeUser('supplier');
    const file =
      '\uFEFFsku;name;brandName;category;price;stock;minSellingQuantity;rating;description;image\r\n' +
      'S-1;"Bolts; M8, ""zinc""";Fastenco;Industrial Machinery & Tools;12,50;100;10;4;"Line one\r\nLine two";https://images.example.com/a.jpg\r\n' +
      'S-2;Nuts;Fastenco;Industrial Machinery & Tools;3.00;100;10;9;ok;https://images.example.com/b.jpg\r\n';
    const preview = report(await importCsv(supplier, file));
    // Row 2 spans lines 2-3 (a quoted newline): the next row is line 4. "12,50" is not a number here.
    expect(preview.errors).toEqual([
      { row: 2, column: 'price', message: 'Price must be a number' },
      { row: 4, column: 'rating', message: 'Rating must be between 1 and 5' },
    ]);
    const fixed = file.replace('12,50', '12.50').replace(';9;ok', ';4;ok');
    expect(report(await importCsv(supplier, fixed, 'mode=commit'))).toMatchObject({ create: 2, errors: [] });
    const [first] = (await exported(supplier)).filter((r) => r.sku === 'S-1');
    expect(first).toMatchObject({
      name: 'Bolts; M8, "zinc"',
      description: 'Line one\r\nLine two',
      price: '12.50',
    });
  });

  it('answers one clear 400 for another encoding, a binary file, an unknown header, an empty file', async () => {
    const supplier = makeUser('supplier');
    const latin1 = Buffer.from(
      `${NEW_PRODUCT_COLUMNS.join(',')}\n${productRow('L-1', { name: 'Caf\u00e9' }).join(',')}\n`,
      'latin1',
    );
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    const cases: Array<[Buffer | string, string]> = [
      [latin1, CATALOG_MESSAGES.notUtf8],
      [png, CATALOG_MESSAGES.binary],
      ['sku,colour\nA,red\n', CATALOG_MESSAGES.unknownColumns(['colour'])],
      ['sku,sku\nA,B\n', CATALOG_MESSAGES.duplicateColumn('sku')],
      ['', CATALOG_MESSAGES.empty],
      ['sku,name\n', CATALOG_MESSAGES.empty],
    ];
    for (const [body, message] of cases) {
      const res = await importCsv(supplier, body);
      expect(res.statusCode, message).toBe(400);
      expect(res.json()).toMatchObject({ code: 'BAD_REQUEST', message });
    }
    const json = await importCsv(supplier, '{"a":1}', 'mode=preview', 'application/json');
    expect(json.statusCode).toBe(415);
    expect((await importCsv(supplier, 'sku\nA\n', 'mode=later')).statusCode).toBe(400);
    expect(await exported(supplier)).toEqual([]);
  });

  it('a row with more or fewer cells than the header is a row error', async () => {
    const supplier = makeUser('supplier');
    const file = `${NEW_PRODUCT_COLUMNS.join(',')}\n${productRow('C-1').join(',')}\nonly,two\n`;
    expect(report(await importCsv(supplier, file)).errors).toEqual([
      { row: 3, column: '', message: CATALOG_MESSAGES.cellCount(2, NEW_PRODUCT_COLUMNS.length) },
    ]);
  });

  it('takes 15 MB and refuses 15 MB + 1 byte with 413', async () => {
    const supplier = makeUser('supplier');
    const head = `${NEW_PRODUCT_COLUMNS.join(',')}\n${productRow('BIG-1').join(',')}\n`;
    const exact = Buffer.alloc(CATALOG_IMPORT_MAX_BYTES, '\n');
    exact.write(head);
    const ok = await importCsv(supplier, exact);
    expect(ok.statusCode).toBe(200);
    expect(report(ok)).toMatchObject({ rows: 1, create: 1 });
    const over = Buffer.alloc(CATALOG_IMPORT_MAX_BYTES + 1, '\n');
    over.write(head);
    const res = await importCsv(supplier, over);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });

  it('takes the file as the one part of a multipart form too: the same report, the same 15 MB rule', async () => {
    const supplier = makeUser('supplier');
    const file = csvFile(NEW_PRODUCT_COLUMNS, [productRow('MP-1'), productRow('MP-2', { price: 'abc' })]);
    const asCsv = report(await importCsv(supplier, file));
    const form = multipartFile(Buffer.from(file), { filename: 'products.csv', contentType: 'text/csv' });
    const preview = await importCsv(supplier, form.payload, 'mode=preview', form.headers['content-type']);
    expect(preview.statusCode).toBe(200);
    expect(report(preview)).toEqual(asCsv);
    expect(asCsv).toMatchObject({ rows: 2, create: 1, errors: [{ row: 3, column: 'price' }] });

    const good = multipartFile(Buffer.from(csvFile(NEW_PRODUCT_COLUMNS, [productRow('MP-3')])), {
      filename: 'p.csv',
    });
    const commit = await importCsv(supplier, good.payload, 'mode=commit', good.headers['content-type']);
    expect(report(commit)).toMatchObject({ create: 1 });
    expect((await exported(supplier)).map((r) => r.sku)).toEqual(['MP-3']);

    const head = `${NEW_PRODUCT_COLUMNS.join(',')}\n${productRow('BIG-MP').join(',')}\n`;
    const exact = Buffer.alloc(CATALOG_IMPORT_MAX_BYTES, '\n');
    exact.write(head);
    const whole = multipartFile(exact);
    const ok = await importCsv(supplier, whole.payload, 'mode=preview', whole.headers['content-type']);
    expect(ok.statusCode).toBe(200);
    const over = Buffer.alloc(CATALOG_IMPORT_MAX_BYTES + 1, '\n');
    over.write(head);
    const tooBig = multipartFile(over);
    const res = await importCsv(supplier, tooBig.payload, 'mode=preview', tooBig.headers['content-type']);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: CATALOG_MESSAGES.tooLarge });
  });

  it('repeating a commit of the same file changes nothing the second time', async () => {
    const supplier = makeUser('supplier');
    const file = csvFile(NEW_PRODUCT_COLUMNS, [productRow(''), productRow('', { name: 'Second' })]);
    expect(report(await importCsv(supplier, file, 'mode=commit'))).toMatchObject({ create: 2 });
    expect(report(await importCsv(supplier, file, 'mode=commit'))).toMatchObject({
      create: 0,
      update: 0,
      alreadyImported: true,
    });
    expect(await exported(supplier)).toHaveLength(2);
  });

  it('a sale since the export is a conflict: listed in preview, refused by commit (409) unless overwrite', async () => {
    const { supplier, product } = await supplierWithProduct(t, { mainQuantity: 1000, price: 10 });
    const file = (await exportCsv(supplier)).body.replace(',10.00,1000,', ',11.00,1000,');
    expect((await purchase(t, makeUser('buyer'), product._id, 100)).statusCode).toBe(200);

    const preview = report(await importCsv(supplier, file));
    expect(preview).toMatchObject({ update: 0, unchanged: 0 });
    expect(preview.conflicts).toEqual([
      { row: 2, id: product._id, column: 'price', current: '10.00', file: '11.00' },
      { row: 2, id: product._id, column: 'stock', current: '900', file: '1000' },
    ]);
    const refused = await importCsv(supplier, file, 'mode=commit');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'CONFLICT', report: { conflicts: preview.conflicts } });
    expect(await productOf(product._id)).toMatchObject({ price: 10, mainQuantity: 900 });
    const forced = await importCsv(supplier, file, 'mode=commit&onConflict=overwrite');
    expect(report(forced)).toMatchObject({ update: 1 });
    expect(await productOf(product._id)).toMatchObject({ price: 11, mainQuantity: 1000 });
  });

  it(`a purchase racing a commit is never lost: it lands after the import or makes it a conflict (${DB_KIND})`, async () => {
    const supplier = makeUser('supplier');
    for (let round = 0; round < 4; round++) {
      const product = await createProduct(t, supplier, {
        mainQuantity: 1000,
        price: 10,
        sku: `RACE-${round}`,
      });
      const file = (await exportCsv(supplier)).body
        .split('\r\n')
        .filter((line, i) => i === 0 || line.startsWith(product._id))
        .join('\r\n')
        .replace(',10.00,1000,', ',10.00,2000,');
      const [sale, commit] = await Promise.all([
        purchase(t, makeUser('buyer'), product._id, 100),
        importCsv(supplier, file, 'mode=commit'),
      ]);
      expect(sale.statusCode).toBe(200);
      const stock = (await productOf(product._id)).mainQuantity;
      if (commit.statusCode === 200) expect(stock).toBe(1900);
      else {
        expect(commit.statusCode).toBe(409);
        expect(stock).toBe(900);
      }
    }
  });
});
