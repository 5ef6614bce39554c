import { CATEGORY_MESSAGES, PRODUCT_MESSAGES } from '../src/config/messages';
import { createProduct, createUser, expect, test } from './fixtures';
import { expectNoSeriousAxeViolations } from './axe';
import {
  answerApiError,
  answerEmptyList,
  answerNoProducts,
  appReady,
  categoriesResponse,
  getCategories,
  isProductList,
  productListResponse,
} from './browse';

test('the categories grid matches the API: badge, count, popular items and links', async ({ page }) => {
  const answer = categoriesResponse(page);
  await page.goto('/categories');
  await appReady(page);
  const categories = await answer;
  await expect(page).toHaveTitle('Categories | Bulkwise');
  await expect(page.getByRole('heading', { level: 1, name: CATEGORY_MESSAGES.title })).toBeVisible();
  await expect(page.getByText(CATEGORY_MESSAGES.subtitle)).toBeVisible();

  const cards = page.getByRole('article');
  await expect(cards).toHaveCount(categories.length);
  for (const [i, category] of categories.entries()) {
    const card = cards.nth(i);
    await expect(card.getByRole('heading', { level: 2 })).toHaveText(category.name);
    await expect(card.getByTestId('product-count')).toHaveText(
      `${category.productCount} ${category.productCount === 1 ? 'product' : 'products'}`,
    );
    await expect(card.getByText('Popular', { exact: true })).toHaveCount(category.popular ? 1 : 0);
    await expect(card.getByText('POPULAR ITEMS')).toBeVisible();
    const items = card.getByRole('list', { name: `Popular items in ${category.name}` }).getByRole('listitem');
    await expect(items).toHaveText(category.subcategories);
    await expect(card.getByRole('link', { name: /VIEW PRODUCTS/ })).toHaveAttribute(
      'href',
      `/category/${category._id}`,
    );
    await expect(card.getByRole('img', { name: category.name })).toBeVisible();
  }

  // The description is clamped to two lines.
  const description = cards.first().locator('p.line-clamp-2');
  const { lines } = await description.evaluate((el) => ({
    lines: Math.round(el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight)),
  }));
  expect(lines).toBeLessThanOrEqual(2);

  await cards
    .nth(1)
    .getByRole('link', { name: /VIEW PRODUCTS/ })
    .click();
  await expect(page).toHaveURL(`/category/${categories[1]!._id}`);
});

test('the categories page: its error with Try Again, and its empty state', async ({ page }) => {
  await page.route('**/api/categories', answerApiError(404, 'NOT_FOUND'));
  await page.goto('/categories');
  await appReady(page);
  const main = page.getByRole('main');
  await expect(main.getByRole('alert')).toContainText(CATEGORY_MESSAGES.loadFailed);
  await expect(main.getByRole('button', { name: 'Try Again' })).toBeVisible();

  await page.unroute('**/api/categories');
  await page.route('**/api/categories', answerEmptyList);
  await main.getByRole('button', { name: 'Try Again' }).click();
  await appReady(page);
  await expect(page.getByRole('heading', { name: CATEGORY_MESSAGES.empty })).toBeVisible();
});

test('a category page: header, count, its products, and the way back', async ({ page }) => {
  const owner = await createUser('supplier');
  const product = await createProduct(owner, {
    category: 'Health & Beauty',
    name: `E2E Serum ${Date.now()}`,
  });
  const category = (await getCategories()).find((c) => c.name === 'Health & Beauty')!;
  const answer = productListResponse(page, (url) => url.searchParams.get('category') === category.slug);
  await page.goto(`/category/${category._id}`);
  await appReady(page);
  const { total } = await answer;
  await expect(page).toHaveTitle('Health & Beauty | Bulkwise');
  await expect(page.getByRole('heading', { level: 1, name: 'Health & Beauty' })).toBeVisible();
  await expect(page.getByText(`${total} products`, { exact: true })).toBeVisible();
  const card = page.getByRole('article', { name: product.name });
  await expect(card).toBeVisible();
  await expect(card.getByTestId('product-price')).toHaveText('$2.50');
  await expect(
    page.getByTestId('product-card').getByText('Health & Beauty', { exact: true }).first(),
  ).toBeVisible();

  await card.getByRole('link', { name: 'Details' }).click();
  await expect(page).toHaveURL(`/product/${product._id}`);
  await page.goBack();
  await page.getByRole('link', { name: 'Back to Categories' }).click();
  await expect(page).toHaveURL('/categories');
});

test('a category page falls back to matching all products by name when the slug query is empty', async ({
  page,
}) => {
  const owner = await createUser('supplier');
  const product = await createProduct(owner, { category: 'Automotive Parts & Accessories' });
  const category = (await getCategories()).find((c) => c.name === 'Automotive Parts & Accessories')!;
  const fallbackCalls: string[] = [];
  await page.route(isProductList, (route) => {
    const url = new URL(route.request().url());
    if (url.searchParams.has('category')) return answerNoProducts(route);
    fallbackCalls.push(url.search);
    return route.continue();
  });

  await page.goto(`/category/${category._id}`);
  await appReady(page);
  await expect(page.getByRole('article', { name: product.name })).toBeVisible();
  expect(fallbackCalls).toEqual(['']);
  const categories = await page.getByTestId('product-card').locator('.badge').allTextContents();
  expect(categories.length).toBeGreaterThan(0);
  expect(new Set(categories)).toEqual(new Set(['Automotive Parts & Accessories']));
});

test('a category page: empty state, and the error for an unknown category', async ({ page }) => {
  const category = (await getCategories())[0]!;
  await page.route(isProductList, answerNoProducts);
  await page.goto(`/category/${category._id}`);
  await appReady(page);
  await expect(page.getByRole('heading', { name: PRODUCT_MESSAGES.noneAvailable })).toBeVisible();
  await expect(page.getByText('0 products', { exact: true })).toBeVisible();

  await page.goto('/category/00000000-0000-4000-8000-000000000000');
  await appReady(page);
  await expect(page.getByRole('main').getByRole('alert')).toBeVisible();
  await expect(page.getByRole('main').getByRole('button', { name: 'Try Again' })).toBeVisible();
});

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`${colorScheme} theme`, () => {
    test.use({ colorScheme });
    test('the categories and category pages have no serious or critical axe violations', async ({ page }) => {
      const category = (await getCategories())[0]!;
      await page.goto('/categories');
      await appReady(page);
      await expect(page.getByRole('article').first()).toBeVisible();
      await expectNoSeriousAxeViolations(page);
      await page.goto(`/category/${category._id}`);
      await appReady(page);
      await expect(page.getByTestId('product-card').first()).toBeVisible();
      await expectNoSeriousAxeViolations(page);
    });
  });
}
