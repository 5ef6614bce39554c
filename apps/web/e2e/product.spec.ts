import { PURCHASE_MESSAGES } from '@bulkwise/contracts';
import {
  buyThroughApi,
  createProduct,
  createUser,
  expect,
  fetchProduct,
  letSuccessDialogClose,
  signIn,
  supplierProductBuyer,
  test,
} from './fixtures';
import { expectNoSeriousAxeViolations } from './axe';
import { appReady, openProduct, swal } from './browse';
import type { Page } from '@playwright/test';

const quantityInput = (page: Page) => page.getByRole('textbox', { name: 'Quantity' });
const minus = (page: Page) => page.getByRole('button', { name: 'Decrease quantity' });
const plus = (page: Page) => page.getByRole('button', { name: 'Increase quantity' });
const buyNow = (page: Page) => page.getByRole('button', { name: 'Buy Now' });
const purchaseDialog = (page: Page) => page.getByRole('dialog', { name: 'Complete Your Purchase' });

async function setQuantity(page: Page, value: string) {
  await quantityInput(page).fill(value);
  await quantityInput(page).press('Tab');
}

test('the product detail, and the quantity selector keeps within [minimum, stock]', async ({ page }) => {
  const owner = await createUser('supplier');
  const product = await createProduct(owner, {
    name: `E2E Pallet Wrap ${Date.now()}`,
    brandName: 'Wrapco',
    description: 'Stretch film, 500 mm.',
    mainQuantity: 50,
    minSellingQuantity: 10,
    price: 2.5,
    rating: 4,
  });
  await openProduct(page, product._id);
  await expect(page).toHaveTitle(`${product.name} | Bulkwise`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await expect(page.getByRole('img', { name: product.name })).toBeVisible();
  await expect(page.getByText('Wrapco')).toBeVisible();
  await expect(page.getByText('Office Supplies & Stationery')).toBeVisible();
  await expect(page.getByText('Stretch film, 500 mm.')).toBeVisible();
  await expect(page.getByText('4.0', { exact: true })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Rated 4 out of 5' })).toBeVisible();
  await expect(page.getByTestId('product-price')).toHaveText('$2.50');
  await expect(page.getByTestId('product-stock')).toHaveText('50 units');
  await expect(page.getByTestId('product-min-order')).toHaveText('10 units');

  // Starts at the minimum; minus is disabled there.
  await expect(quantityInput(page)).toHaveValue('10');
  await expect(minus(page)).toBeDisabled();
  await expect(page.getByTestId('purchase-total')).toHaveText('$25.00');
  await plus(page).click();
  await expect(quantityInput(page)).toHaveValue('11');
  await expect(page.getByTestId('purchase-total')).toHaveText('$27.50');

  // Under the minimum: the note while typing, the minimum once committed.
  await quantityInput(page).fill('4');
  await expect(page.getByText(PURCHASE_MESSAGES.minimumNote(10))).toBeVisible();
  await quantityInput(page).press('Enter');
  await expect(quantityInput(page)).toHaveValue('10');
  await expect(page.getByText(PURCHASE_MESSAGES.minimumNote(10))).toHaveCount(0);

  // Over the stock: clamped to it, plus disabled.
  await setQuantity(page, '999');
  await expect(quantityInput(page)).toHaveValue('50');
  await expect(plus(page)).toBeDisabled();
  await expect(page.getByTestId('purchase-total')).toHaveText('$125.00');

  // Not a number: the minimum.
  await setQuantity(page, 'plenty');
  await expect(quantityInput(page)).toHaveValue('10');
});

test('signed out, Buy Now asks to log in; Log In comes back to the product after signing in', async ({
  page,
}) => {
  const { buyer, product } = await supplierProductBuyer();
  await openProduct(page, product._id);

  await buyNow(page).click();
  await expect(swal(page).getByRole('heading', { name: PURCHASE_MESSAGES.authRequiredTitle })).toBeVisible();
  await expect(swal(page)).toContainText(PURCHASE_MESSAGES.authRequiredText);
  await swal(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(swal(page)).toBeHidden();
  await expect(page).toHaveURL(`/product/${product._id}`);

  await buyNow(page).click();
  await swal(page).getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL('/login');
  await page.getByLabel('Email address').fill(buyer.email);
  await page.getByLabel('Password', { exact: true }).fill(buyer.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(`/product/${product._id}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
});

test('a full purchase: the form asks for address and phone, then the stock drops on the page and in the API', async ({
  page,
}) => {
  const { buyer, product } = await supplierProductBuyer({
    mainQuantity: 200,
    minSellingQuantity: 20,
    price: 1.25,
  });
  await signIn(page, buyer);
  await openProduct(page, product._id);

  await setQuantity(page, '35');
  await expect(page.getByTestId('purchase-total')).toHaveText('$43.75');
  await buyNow(page).click();
  const dialog = purchaseDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('35 units');
  await expect(dialog.getByLabel('Shipping address')).toBeFocused();

  await dialog.getByRole('button', { name: 'Confirm Purchase' }).click();
  await expect(dialog.getByText(PURCHASE_MESSAGES.addressRequired)).toBeVisible();
  await expect(dialog.getByText(PURCHASE_MESSAGES.phoneRequired)).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  await dialog.getByLabel('Shipping address').fill('12 Harbour Road, Bristol BS1 4RN');
  await dialog.getByLabel('Phone number').fill('+44 117 496 0123');
  const purchaseRequest = page.waitForRequest((req) =>
    req.url().includes(`/api/products/purchase/${product._id}`),
  );
  await dialog.getByRole('button', { name: 'Confirm Purchase' }).click();
  const sent = await purchaseRequest;
  expect(sent.headers()['idempotency-key']).toMatch(/^[0-9a-f-]{32,36}$/);
  // Only the contract's fields: the buyer is the token's identity, never the body's.
  expect(sent.postDataJSON()).toEqual({
    quantity: 35,
    address: '12 Harbour Road, Bristol BS1 4RN',
    phone: '+44 117 496 0123',
    expectedUnitPrice: 1.25,
  });

  await expect(swal(page).getByRole('heading', { name: 'Purchase Successful!' })).toBeVisible();
  await letSuccessDialogClose(page);
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('product-stock')).toHaveText('165 units');
  await expect(quantityInput(page)).toHaveValue('20');
  expect((await fetchProduct(product._id)).mainQuantity).toBe(165);
});

test('stock sold meanwhile: an over-stock attempt shows Invalid Quantity and resets to the maximum', async ({
  page,
}) => {
  const { buyer, product } = await supplierProductBuyer({ mainQuantity: 60, minSellingQuantity: 5 });
  const rival = await createUser('rival');
  await signIn(page, buyer);
  await openProduct(page, product._id);
  await setQuantity(page, '40');
  await expect(quantityInput(page)).toHaveValue('40');

  expect(await buyThroughApi(rival, product._id, 45)).toBe(15);
  await buyNow(page).click();
  await expect(
    swal(page).getByRole('heading', { name: PURCHASE_MESSAGES.invalidQuantityTitle }),
  ).toBeVisible();
  await expect(swal(page)).toContainText(PURCHASE_MESSAGES.maximumAvailable(15));
  await swal(page).getByRole('button', { name: 'OK' }).click();
  await expect(quantityInput(page)).toHaveValue('15');
  await expect(page.getByTestId('product-stock')).toHaveText('15 units');
  await expect(purchaseDialog(page)).toBeHidden();
  expect((await fetchProduct(product._id)).mainQuantity).toBe(15);
});

test("buying one's own product fails with the server's message", async ({ page }) => {
  const owner = await createUser('supplier');
  const product = await createProduct(owner);
  await signIn(page, owner);
  await openProduct(page, product._id);
  await buyNow(page).click();
  const dialog = purchaseDialog(page);
  await dialog.getByLabel('Shipping address').fill('1 Mill Lane, York');
  await dialog.getByLabel('Phone number').fill('01904 000000');
  await dialog.getByRole('button', { name: 'Confirm Purchase' }).click();
  await expect(swal(page).getByRole('heading', { name: PURCHASE_MESSAGES.failedTitle })).toBeVisible();
  await expect(swal(page)).toContainText('You cannot purchase your own product');
  expect((await fetchProduct(product._id)).mainQuantity).toBe(500);
});

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`${colorScheme} theme`, () => {
    test.use({ colorScheme });
    test('a product whose stock is below its minimum order cannot be bought', async ({ page }) => {
      const owner = await createUser('supplier');
      const product = await createProduct(owner, { mainQuantity: 8, minSellingQuantity: 10 });
      await openProduct(page, product._id);
      await expect(page.getByText(/cannot currently be ordered/)).toBeVisible();
      await expect(buyNow(page)).toBeDisabled();
      await expect(quantityInput(page)).toHaveCount(0);
      await expectNoSeriousAxeViolations(page);
    });
  });
}

test('an image that fails to load shows the placeholder, on the product page and in the list', async ({
  page,
}) => {
  const owner = await createUser('supplier');
  const product = await createProduct(owner, { image: '/images/products/no-such-image.png' });
  await openProduct(page, product._id);
  await expect(page.getByRole('img', { name: product.name })).toHaveAttribute(
    'src',
    '/images/placeholder.svg',
  );
  // The placeholder itself loads (the src switches first, its pixels arrive after).
  await expect
    .poll(() =>
      page.getByRole('img', { name: product.name }).evaluate((img: HTMLImageElement) => img.naturalWidth),
    )
    .toBeGreaterThan(0);

  await page.goto('/all-products');
  await appReady(page);
  await expect(page.getByRole('article', { name: product.name }).getByRole('img')).toHaveAttribute(
    'src',
    '/images/placeholder.svg',
  );
});

test('an unknown product offers Browse Categories', async ({ page }) => {
  await page.goto('/product/00000000-0000-4000-8000-000000000000');
  await appReady(page);
  await expect(page.getByRole('heading', { name: 'Product Not Found' })).toBeVisible();
  await page.getByRole('link', { name: 'Browse Categories' }).click();
  await expect(page).toHaveURL('/categories');
});

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`${colorScheme} theme`, () => {
    test.use({ colorScheme });
    test('the product page and its purchase dialog have no serious or critical axe violations', async ({
      page,
    }) => {
      const { buyer, product } = await supplierProductBuyer();
      await openProduct(page, product._id);
      await expect(buyNow(page)).toBeVisible();
      await expectNoSeriousAxeViolations(page);

      await signIn(page, buyer);
      await openProduct(page, product._id);
      await buyNow(page).click();
      await expect(purchaseDialog(page)).toBeVisible();
      await expectNoSeriousAxeViolations(page);
      // The rest of the page is inert while the dialog is open: Tab stays inside it.
      for (let i = 0; i < 6; i++) {
        await page.keyboard.press('Tab');
        expect(await purchaseDialog(page).evaluate((el) => el.contains(document.activeElement))).toBe(true);
      }
      await page.keyboard.press('Escape');
      await expect(purchaseDialog(page)).toBeHidden();
      await expect(buyNow(page)).toBeFocused();
    });
  });
}
