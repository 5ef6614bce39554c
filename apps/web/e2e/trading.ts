import type { Browser, Locator, Page } from '@playwright/test';
import { appReady, swal } from './browse';
import { expect, letSuccessDialogClose, newWindow, signIn, type TestUser } from './fixtures';

/** Helpers of the journeys between a buyer and a supplier (orders, trade terms, quotes, mail). */

/** Where the browser purchases ship to. */
export const SHIPPING = { address: '12 Harbour Road, Bristol BS1 4RN', phone: '+44 117 496 0123' };

/**
 * Opens the product page's purchase dialog as the signed-in user of `page`, at `quantity` (or the
 * product's minimum), with the shipping details filled in; answers the dialog.
 */
export async function startPurchase(page: Page, productId: string, quantity?: number) {
  await page.goto(`/product/${productId}`);
  await appReady(page);
  if (quantity !== undefined) {
    const input = page.getByRole('textbox', { name: 'Quantity' });
    await input.fill(String(quantity));
    await input.press('Tab');
  }
  await page.getByRole('button', { name: 'Buy Now' }).click();
  const form = page.getByRole('dialog', { name: 'Complete Your Purchase' });
  await form.getByLabel('Shipping address').fill(SHIPPING.address);
  await form.getByLabel('Phone number').fill(SHIPPING.phone);
  return form;
}

/** Buys through the product page's purchase dialog and waits until its success message has gone. */
export async function buyInBrowser(page: Page, productId: string, quantity?: number) {
  const form = await startPurchase(page, productId, quantity);
  await form.getByRole('button', { name: 'Confirm Purchase' }).click();
  await expect(swal(page).getByRole('heading', { name: 'Purchase Successful!' })).toBeVisible();
  await letSuccessDialogClose(page);
  await expect(swal(page)).toBeHidden();
}

/**
 * The supplier's Mark shipped on `order` (its card on the desk): the dialog filled with the carrier and,
 * when given, the tracking number, then sent.
 */
export async function markShipped(order: Locator, shipment: { carrier: string; tracking?: string }) {
  await order.getByRole('button', { name: /^Mark shipped/ }).click();
  const form = swal(order.page());
  await form.getByLabel(/^Carrier/).fill(shipment.carrier);
  if (shipment.tracking !== undefined) await form.getByLabel(/^Tracking number/).fill(shipment.tracking);
  await form.getByRole('button', { name: 'Mark shipped' }).click();
}

/** The buyer and the supplier, each signed in in a browser window of their own; `close` ends both. */
export async function tradingWindows(browser: Browser, buyer: TestUser, supplier: TestUser) {
  const buyerContext = await newWindow(browser);
  const supplierContext = await newWindow(browser);
  const close = async () => {
    await buyerContext.close();
    await supplierContext.close();
  };
  try {
    const buyerPage = await buyerContext.newPage();
    const supplierPage = await supplierContext.newPage();
    await signIn(buyerPage, buyer);
    await signIn(supplierPage, supplier);
    return { buyerPage, supplierPage, close };
  } catch (err) {
    await close();
    throw err;
  }
}
