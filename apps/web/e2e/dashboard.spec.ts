import {
  buyThroughApi,
  createProduct,
  expect,
  palletWrap,
  signIn,
  stackingCrates,
  supplierProductBuyer,
  test,
} from './fixtures';
import { expectAccessibleInBothThemes, openFromNav } from './workspace';

test('a supplier with sales reads the dashboard, switches the period, reads a chart as a table and follows a low-stock product to its update page', async ({
  page,
}) => {
  test.slow();
  const { supplier, buyer, product: crates } = await supplierProductBuyer(stackingCrates());
  const wrap = await createProduct(
    supplier,
    palletWrap({ mainQuantity: 60, minSellingQuantity: 10, lowStockThreshold: 30 }),
  );
  // The sales are set up through the API: the dashboard is what this journey tests.
  await buyThroughApi(buyer, crates._id, 100); // $250
  await buyThroughApi(buyer, wrap._id, 40); // $480, and 20 left: below its threshold of 30

  await signIn(page, supplier);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await openFromNav(page, /^Dashboard\b/, /\/dashboard$/);
  await expect(page).toHaveTitle('Dashboard | Bulkwise');
  // The navigation counts the products running out (the dashboard's own read refreshes it).
  await expect(nav.getByTestId('low-stock-badge').first()).toHaveText(/^1/);
  const revenue = page.locator('dl > div').filter({ has: page.locator('dt', { hasText: /^Revenue$/ }) });
  await expect(revenue).toContainText('$730.00');
  await expectAccessibleInBothThemes(page);

  await page.getByRole('button', { name: 'Last 7 days' }).click();
  await expect(page.getByRole('button', { name: 'Last 7 days' })).toHaveAttribute('aria-pressed', 'true');
  await expect(revenue).toContainText('$730.00');
  await page.getByText('Top 10 products by revenue: table').click();
  const table = page.getByRole('table', { name: 'Top 10 products by revenue' });
  await expect(table.getByRole('row').nth(1)).toContainText(wrap.name);
  await expect(table.getByRole('row').nth(1)).toContainText('$480.00');
  await expect(table.getByRole('row').nth(2)).toContainText('$250.00');

  const running = page.getByRole('table', { name: 'Products running out' });
  await running.getByRole('link', { name: wrap.name }).click();
  await expect(page).toHaveURL(new RegExp(`/update-product/${wrap._id}$`));
  await expect(page.getByLabel('Low-stock threshold')).toHaveValue('30');

  // On a phone: the same page in one column, nothing wider than the screen, the status chart's numbers.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goBack();
  await expect(page).toHaveTitle('Dashboard | Bulkwise');
  await page.getByText('Orders by status: table').click();
  const statuses = page.getByRole('table', { name: 'Orders by status' });
  await expect(statuses.getByRole('row', { name: /^Placed/ })).toContainText('2');
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
    .toBeLessThanOrEqual(0);
});
