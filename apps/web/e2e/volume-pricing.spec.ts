import type { PriceTier } from '@bulkwise/contracts';
import type { Page } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './axe';
import { openProduct, swal } from './browse';
import {
  API,
  expect,
  letSuccessDialogClose,
  newWindow,
  signIn,
  supplierProductBuyer,
  test,
} from './fixtures';
import { openFromNav } from './workspace';

const tiersOf = async (id: string) =>
  ((await (await fetch(`${API}/products/${id}`)).json()) as { priceTiers: PriceTier[] }).priceTiers;

const quantityInput = (page: Page) => page.getByRole('textbox', { name: 'Quantity' });
const selectedBreak = (page: Page) => page.getByTestId('volume-pricing').locator('tr[aria-current="true"]');

test('the supplier adds price breaks; the buyer steps across one, sees the price change, buys, and My Cart shows the price paid', async ({
  page,
  browser,
}) => {
  // Two users, a form, a purchase and an axe pass: on a busy machine it outgrows the default 45 s.
  test.slow();
  const { supplier, buyer, product } = await supplierProductBuyer({
    mainQuantity: 1000,
    minSellingQuantity: 20,
    price: 5,
  });

  // The supplier adds two breaks in the Update form; a break at the minimum is refused inline first.
  await signIn(page, supplier);
  await page.goto(`/update-product/${product._id}`);
  await expect(page.getByLabel('Product name', { exact: true })).toHaveValue(product.name);
  const volume = page.getByRole('group', { name: /Volume pricing/ });
  await volume.getByRole('button', { name: 'Add price break' }).click();
  await volume.getByLabel('Break 1: from quantity').fill('20');
  await volume.getByLabel('Break 1: price per unit').fill('4.5');
  await page.getByRole('button', { name: 'Update Product' }).click();
  await expect(volume.getByRole('alert')).toHaveText(
    'Break 1: quantity must be greater than the minimum selling quantity (20)',
  );
  await expect(volume.getByLabel('Break 1: from quantity')).toBeFocused();
  await volume.getByLabel('Break 1: from quantity').fill('50');
  await volume.getByRole('button', { name: 'Add price break' }).click();
  await volume.getByLabel('Break 2: from quantity').fill('100');
  await volume.getByLabel('Break 2: price per unit').fill('4.1');
  await page.getByRole('button', { name: 'Update Product' }).click();
  await expect(page).toHaveURL(/\/all-products$/);
  expect(await tiersOf(product._id)).toEqual([
    { minQuantity: 50, price: 4.5 },
    { minQuantity: 100, price: 4.1 },
  ]);

  // The buyer, in a browser of their own.
  const buyerContext = await newWindow(browser);
  const shopper = await buyerContext.newPage();
  await signIn(shopper, buyer);
  await openProduct(shopper, product._id);
  await expect(shopper.getByRole('heading', { name: 'Volume pricing' })).toBeVisible();
  await expect(selectedBreak(shopper)).toContainText('20–49');
  await expect(shopper.getByTestId('next-break-hint')).toHaveText('Buy 30 more to pay $4.50 per unit');

  await quantityInput(shopper).fill('49');
  await quantityInput(shopper).press('Tab');
  await expect(shopper.getByTestId('purchase-unit-price')).toHaveText('$5.00');
  await expect(shopper.getByTestId('purchase-total')).toHaveText('$245.00');
  await expect(shopper.getByTestId('next-break-hint')).toHaveText('Buy 1 more to pay $4.50 per unit');

  await shopper.getByRole('button', { name: 'Increase quantity' }).click();
  await expect(quantityInput(shopper)).toHaveValue('50');
  await expect(selectedBreak(shopper)).toContainText('50–99');
  await expect(selectedBreak(shopper)).toContainText('$4.50');
  await expect(shopper.getByTestId('purchase-unit-price')).toHaveText('$4.50');
  await expect(shopper.getByTestId('purchase-total')).toHaveText('$225.00');
  await expectNoSeriousAxeViolations(shopper);

  await shopper.getByRole('button', { name: 'Buy Now' }).click();
  const dialog = shopper.getByRole('dialog', { name: 'Complete Your Purchase' });
  await expect(dialog.getByTestId('purchase-summary')).toHaveText(
    `50 units of ${product.name} at $4.50 per unit, for $225.00`,
  );
  await dialog.getByLabel('Shipping address').fill('12 Harbour Road, Bristol BS1 4RN');
  await dialog.getByLabel('Phone number').fill('+44 117 496 0123');
  const sent = shopper.waitForRequest((req) => req.url().includes(`/api/products/purchase/${product._id}`));
  await dialog.getByRole('button', { name: 'Confirm Purchase' }).click();
  expect((await sent).postDataJSON()).toMatchObject({ quantity: 50, expectedUnitPrice: 4.5 });
  await expect(swal(shopper).getByRole('heading', { name: 'Purchase Successful!' })).toBeVisible();
  await letSuccessDialogClose(shopper);

  // My Cart shows what was paid, not the product's base price.
  await openFromNav(shopper, 'My Cart', /\/cart$/);
  const line = shopper.getByRole('article', { name: product.name });
  await expect(line.getByTestId('cart-item-unit-price')).toHaveText('$4.50');
  await expect(line.getByTestId('cart-item-total')).toHaveText('$225.00');
  await buyerContext.close();
});
