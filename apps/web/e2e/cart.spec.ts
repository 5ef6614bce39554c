import { CART_MESSAGES } from '../src/config/messages';
import { buyThroughApi, createProduct, createUser, expect, fetchProduct, signIn, test } from './fixtures';
import { dialog, expectAccessibleInBothThemes, openFromNav } from './workspace';

test('an empty cart offers Browse Products', async ({ page }) => {
  const buyer = await createUser('nocart');
  await signIn(page, buyer);
  await openFromNav(page, 'My Cart', /\/cart$/);
  await expect(page).toHaveTitle('My Cart | Bulkwise');
  await expect(page.getByRole('heading', { name: CART_MESSAGES.title })).toBeVisible();
  await expect(page.getByRole('heading', { name: CART_MESSAGES.empty })).toBeVisible();
  await expectAccessibleInBothThemes(page);
  await page.getByRole('link', { name: 'Browse Products' }).click();
  await expect(page).toHaveURL(/\/categories$/);
});

test('purchases appear in My Cart with totals; removing one restores its stock', async ({ page }) => {
  // A long journey with two axe passes: on a busy machine it outgrows the default 45 s.
  test.slow();
  const supplier = await createUser('seller');
  const buyer = await createUser('buyer');
  const crates = await createProduct(supplier, { mainQuantity: 500, minSellingQuantity: 20, price: 2.5 });
  const gloves = await createProduct(supplier, { mainQuantity: 90, minSellingQuantity: 1, price: 19.99 });
  expect(await buyThroughApi(buyer, crates._id, 40)).toBe(460);
  expect(await buyThroughApi(buyer, gloves._id, 3)).toBe(87);

  await signIn(page, buyer);
  await openFromNav(page, 'My Cart', /\/cart$/);
  const lines = page.getByRole('list', { name: 'Purchased products' }).getByRole('article');
  await expect(lines).toHaveCount(2);
  // Newest first.
  await expect(lines.nth(0)).toHaveAccessibleName(gloves.name);
  await expect(lines.nth(1)).toHaveAccessibleName(crates.name);

  const cratesLine = page.getByRole('article', { name: crates.name });
  await expect(cratesLine.getByTestId('cart-item-quantity')).toHaveText('40 units');
  await expect(cratesLine).toContainText('$2.50');
  await expect(cratesLine.getByTestId('cart-item-total')).toHaveText('$100.00');
  await expect(cratesLine).toContainText(crates.brandName);
  await expect(cratesLine.locator('time').first()).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}T/);
  const glovesLine = page.getByRole('article', { name: gloves.name });
  await expect(glovesLine.getByTestId('cart-item-quantity')).toHaveText('3 units');
  await expect(glovesLine.getByTestId('cart-item-total')).toHaveText('$59.97');
  await expect(page.getByTestId('cart-grand-total')).toHaveText('$159.97');
  await expectAccessibleInBothThemes(page);

  await page.getByRole('button', { name: `Remove ${crates.name} from cart` }).click();
  await expect(dialog(page)).toContainText("restored to the product's stock");
  await dialog(page).getByRole('button', { name: 'Yes, remove it!' }).click();
  await expect(page.getByRole('article', { name: crates.name })).toHaveCount(0);
  await expect(lines).toHaveCount(1);
  await expect(page.getByTestId('cart-grand-total')).toHaveText('$59.97');

  await expect.poll(async () => (await fetchProduct(crates._id)).mainQuantity).toBe(500);
  await page.goto(`/product/${crates._id}`);
  await expect(page.getByTestId('product-stock')).toHaveText('500 units');
});
