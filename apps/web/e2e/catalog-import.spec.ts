import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { CATALOG_CSV_COLUMNS } from '@bulkwise/contracts';
import type { Page } from '@playwright/test';
// The same spreadsheet builder as the API's import tests.
import { NEW_PRODUCT_COLUMNS, csvFile, productRow } from '../../api/test/catalog-csv';
import { CATALOG_IMPORT_COPY } from '../src/features/products/catalog-import-copy';
import { createUser, expect, signIn, test } from './fixtures';
import { expectAccessible, openFromNav, ownProducts } from './workspace';

const ROWS = 50;
/** What a supplier fills in for a new product, without volume pricing. */
const COLUMNS = NEW_PRODUCT_COLUMNS.filter((c) => c !== 'priceTiers');

/** A supplier's spreadsheet of 50 products; `bad` rows (0-based) get the cell given instead. */
function catalogFile(stamp: string, bad: Record<number, Partial<Record<string, string>>> = {}) {
  const rows = Array.from({ length: ROWS }, (_, i) =>
    productRow(
      `E2E-${stamp}-${i}`,
      {
        name: `Imported crate ${stamp} ${i}`,
        brandName: 'Cratewell',
        price: '14.50',
        stock: '800',
        minSellingQuantity: '20',
        rating: '4.2',
        description: 'Stackable, 40 L',
        image: 'https://images.example.com/crate.jpg',
        ...bad[i],
      },
      COLUMNS,
    ),
  );
  return Buffer.from(csvFile(COLUMNS, rows, '\r\n'));
}

const choose = (page: Page, name: string, buffer: Buffer) =>
  page
    .getByRole('dialog')
    .locator('input[type="file"]')
    .setInputFiles({ name, mimeType: 'text/csv', buffer });
const count = (page: Page, label: string) =>
  page
    .getByTestId('import-counts')
    .locator('div')
    .filter({ has: page.locator('dt', { hasText: label }) })
    .locator('dd');

test('a supplier imports 50 products from a spreadsheet: two bad rows are shown, fixed, and then all arrive', async ({
  page,
}) => {
  test.slow();
  const supplier = await createUser('importer');
  const stamp = randomBytes(3).toString('hex');
  await signIn(page, supplier);
  await openFromNav(page, 'My Products', /\/my-products$/);

  // The template is the header and two examples.
  const templateDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: CATALOG_IMPORT_COPY.template }).click();
  const template = await readFile((await (await templateDownload).path())!, 'utf8');
  expect(template.split('\r\n')[0]).toBe(CATALOG_CSV_COLUMNS.join(','));

  await page.getByRole('button', { name: CATALOG_IMPORT_COPY.importCsv }).click();
  const dialog = page.getByRole('dialog', { name: CATALOG_IMPORT_COPY.title });
  await expect(dialog).toBeVisible();
  await choose(page, 'crates.csv', catalogFile(stamp, { 9: { price: 'cheap' }, 29: { rating: '9' } }));

  await expect(count(page, 'Rows')).toHaveText(String(ROWS));
  await expect(count(page, 'New')).toHaveText('48');
  await expect(count(page, 'Errors')).toHaveText('2');
  const problems = dialog.getByTestId('import-problem');
  await expect(problems).toHaveCount(2);
  // Line numbers of the file (the header is line 1), in the product form's words.
  await expect(problems.nth(0)).toContainText('11');
  await expect(problems.nth(0)).toContainText('Price must be a number');
  await expect(problems.nth(1)).toContainText('31');
  await expect(problems.nth(1)).toContainText('Rating must be between 1 and 5');
  await expect(dialog.getByRole('button', { name: CATALOG_IMPORT_COPY.importN(48) })).toBeDisabled();
  await expectAccessible(page);
  expect(await ownProducts(supplier)).toHaveLength(0);

  // Fixed in the spreadsheet and chosen again.
  await choose(page, 'crates-fixed.csv', catalogFile(stamp));
  await expect(count(page, 'New')).toHaveText(String(ROWS));
  await expect(count(page, 'Errors')).toHaveText('0');
  await expect(problems).toHaveCount(0);
  await dialog.getByRole('button', { name: CATALOG_IMPORT_COPY.importN(ROWS) }).click();

  await expect(page.getByText(CATALOG_IMPORT_COPY.imported(ROWS, 0))).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('article')).toHaveCount(ROWS);
  await expect(page.getByRole('article', { name: `Imported crate ${stamp} 29` })).toBeVisible();
  expect(await ownProducts(supplier)).toHaveLength(ROWS);

  // Exported straight back: the file names every product with its SKU.
  const exportDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: CATALOG_IMPORT_COPY.exportCsv }).click();
  const exported = await readFile((await (await exportDownload).path())!, 'utf8');
  expect(exported.trimEnd().split('\r\n')).toHaveLength(ROWS + 1);
  expect(exported).toContain(`E2E-${stamp}-49`);
});
