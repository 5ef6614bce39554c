import { MIN_ORDER_FILTER_THRESHOLD } from '@bulkwise/contracts';
import { PRODUCT_MESSAGES } from '../src/config/messages';
import { createProduct, createUser, expect, test } from './fixtures';
import { expectNoSeriousAxeViolations } from './axe';
import {
  answerApiError,
  answerNoProducts,
  appReady,
  isProductList,
  productListResponse,
  shownPrices,
} from './browse';
import { PRODUCT_TABLE_COLUMNS } from '../src/features/products/components/product-table-columns';

const PAGE_SIZE = 24;

test('cards by default; the table view has the spec columns and survives a reload', async ({ page }) => {
  const answer = productListResponse(page);
  await page.goto('/all-products');
  const { items, total } = await answer;
  await appReady(page);
  await expect(page).toHaveTitle('All Products | Bulkwise');
  await expect(page.getByRole('button', { name: 'Card View' })).toHaveAttribute('aria-pressed', 'true');
  const cards = page.getByTestId('product-card');
  await expect(cards).toHaveCount(Math.min(PAGE_SIZE, total));
  await expect(page.getByTestId('showing-count')).toHaveText(
    `Showing ${Math.min(PAGE_SIZE, total)} of ${total} products`,
  );

  // A card shows everything the spec lists, for the server's first product.
  const first = items[0]!;
  const card = page.getByRole('article', { name: first.name });
  await expect(card.getByRole('img', { name: first.name })).toBeVisible();
  await expect(card).toContainText(first.brandName);
  await expect(card).toContainText(first.category);
  await expect(card.getByTestId('product-price')).toHaveText(`$${first.price.toFixed(2)}`);
  await expect(card.getByTestId('product-available')).toHaveText(String(first.mainQuantity));
  await expect(card.getByTestId('product-min-order')).toHaveText(String(first.minSellingQuantity));
  await expect(card).toContainText(first.rating.toFixed(1));
  await expect(card.getByRole('link', { name: 'Details' })).toHaveAttribute('href', `/product/${first._id}`);

  await page.getByRole('button', { name: 'Table View' }).click();
  await expect(page).toHaveURL(/[?&]view=table/);
  await expect(page.getByRole('columnheader')).toHaveText([...PRODUCT_TABLE_COLUMNS]);
  await expect(page.getByTestId('product-row')).toHaveCount(Math.min(PAGE_SIZE, total));
  await expect(page.getByRole('link', { name: `Details: ${first.name}` })).toHaveAttribute(
    'href',
    `/product/${first._id}`,
  );

  await page.reload();
  await appReady(page);
  await expect(page.getByRole('button', { name: 'Table View' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('table')).toBeVisible();
});

test('the available filter keeps minimum orders over 100, on the server and in the URL', async ({ page }) => {
  await page.goto('/all-products');
  await appReady(page);
  const answer = productListResponse(
    page,
    (url) => url.searchParams.get('minOrderOver') === String(MIN_ORDER_FILTER_THRESHOLD),
  );
  await page.getByRole('button', { name: 'Show Available Products' }).click();
  const { total } = await answer;
  await expect(page).toHaveURL(/[?&]filter=available/);
  await expect(page.getByRole('button', { name: 'Show All Products' })).toBeVisible();
  await expect(page.getByTestId('showing-count')).toHaveText(
    `Showing ${Math.min(PAGE_SIZE, total)} of ${total} products`,
  );
  const minimums = (await page.getByTestId('product-min-order').allTextContents()).map(Number);
  expect(minimums.length).toBeGreaterThan(0);
  for (const min of minimums) expect(min).toBeGreaterThan(MIN_ORDER_FILTER_THRESHOLD);

  await page.getByRole('button', { name: 'Show All Products' }).click();
  await expect(page).not.toHaveURL(/filter=/);
  await expect(page.getByRole('button', { name: 'Show Available Products' })).toBeVisible();
});

test('price sorts are monotone across loaded pages; Default is the server order', async ({ page }) => {
  const answer = productListResponse(page);
  await page.goto('/all-products');
  await appReady(page);
  const serverOrder = (await answer).items.map((p) => p.price);
  await expect(page).toHaveURL('/all-products');
  const sort = page.getByLabel('Sort by');
  await expect(sort).toHaveValue('default');
  await expect(page.getByTestId('product-card')).toHaveCount(PAGE_SIZE);
  expect(await shownPrices(page)).toEqual(serverOrder);

  await sort.selectOption({ label: 'Price Low to High' });
  await expect(page).toHaveURL(/[?&]sort=price_asc/);
  await expect(page.getByTestId('product-card')).toHaveCount(PAGE_SIZE);
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(page.getByTestId('product-card')).toHaveCount(PAGE_SIZE * 2);
  const ascending = await shownPrices(page);
  expect(ascending).toEqual([...ascending].sort((a, b) => a - b));

  await sort.selectOption({ label: 'Price High to Low' });
  await expect(page).toHaveURL(/[?&]sort=price_desc/);
  await expect(page.getByTestId('product-card')).toHaveCount(PAGE_SIZE);
  const descending = await shownPrices(page);
  expect(descending).toEqual([...descending].sort((a, b) => b - a));
  expect(descending[0]).toBeGreaterThanOrEqual(ascending.at(-1)!);

  // A shared link keeps the sort and the view.
  await page.goto('/all-products?sort=price_asc&view=table');
  await appReady(page);
  await expect(sort).toHaveValue('price_asc');
  await expect(page.getByRole('table')).toBeVisible();
  const fromLink = await shownPrices(page);
  expect(fromLink).toEqual([...fromLink].sort((a, b) => a - b));
});

test('empty states: no products at all, and none matching the filter', async ({ page }) => {
  await page.route(isProductList, answerNoProducts);
  await page.goto('/all-products');
  await appReady(page);
  await expect(page.getByRole('heading', { name: PRODUCT_MESSAGES.noneAvailable })).toBeVisible();

  await page.goto('/all-products?filter=available');
  await appReady(page);
  await expect(page.getByRole('heading', { name: PRODUCT_MESSAGES.noneMatchFilter })).toBeVisible();
  await expect(
    page.getByText(PRODUCT_MESSAGES.noneMatchFilterDetail(MIN_ORDER_FILTER_THRESHOLD)),
  ).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page.unroute(isProductList);
  await page.getByRole('main').getByRole('button', { name: 'Show All Products' }).last().click();
  await expect(page).not.toHaveURL(/filter=/);
  await expect(page.getByTestId('product-card').first()).toBeVisible();
});

test('a failed load shows the error with Try Again', async ({ page }) => {
  await page.route(isProductList, answerApiError(400, 'BAD_REQUEST'));
  await page.goto('/all-products');
  await appReady(page);
  await expect(page.getByRole('main').getByRole('alert')).toContainText(PRODUCT_MESSAGES.loadFailed);
  await expect(page.getByRole('main').getByRole('button', { name: 'Try Again' })).toBeVisible();
});

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`${colorScheme} theme`, () => {
    test.use({ colorScheme });
    test('card and table views have no serious or critical axe violations', async ({ page }) => {
      // Two full axe scans of a page of cards: over 90 s at load average 28 on 2 cores.
      test.slow();
      await page.goto('/all-products');
      await appReady(page);
      await expect(page.getByTestId('product-card').first()).toBeVisible();
      await expectNoSeriousAxeViolations(page);
      await page.getByRole('button', { name: 'Table View' }).click();
      await expect(page.getByRole('table')).toBeVisible();
      await expectNoSeriousAxeViolations(page);
    });
  });
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 800 } });
  test('the table stacks into one card per row, and a long unbroken name wraps', async ({ page }) => {
    // Newest first, so it is on the first page: a name that is one 120-character token.
    const long = `Pallet-${'x'.repeat(110)}-${Date.now()}`;
    await createProduct(await createUser('supplier'), { name: long });
    await page.goto('/all-products?view=table');
    await appReady(page);
    const row = page.getByTestId('product-row').filter({ hasText: long });
    await expect(row).toBeVisible();
    expect(await row.evaluate((el) => getComputedStyle(el).display)).toBe('block');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoSeriousAxeViolations(page);
  });
});
