import type { Page } from '@playwright/test';
import { createProduct, expect, palletWrap, stackingCrates, supplierProductBuyer, test } from './fixtures';
import { buyInBrowser, markShipped, tradingWindows } from './trading';
import { dialog, expectAccessible, openFromNav } from './workspace';

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

test('an order goes from the buyer to the supplier and back: confirm, ship with tracking, received; a cancel with a reason', async ({
  browser,
}) => {
  // Two browsers, two sign-ins, a dozen round trips and an axe pass: more than the default 45 s here.
  test.slow();
  const { supplier, buyer, product: crates } = await supplierProductBuyer(stackingCrates());
  const wrap = await createProduct(supplier, palletWrap({ mainQuantity: 100, minSellingQuantity: 5 }));

  const { buyerPage, supplierPage, close } = await tradingWindows(browser, buyer, supplier);
  try {
    await expect(nav(supplierPage).getByTestId('orders-badge')).toHaveCount(0);

    // The buyer buys through the product page, as a person would.
    await buyInBrowser(buyerPage, crates._id);
    await buyInBrowser(buyerPage, wrap._id);

    // The badge refreshes when the supplier's window regains focus.
    await supplierPage.evaluate(() => window.dispatchEvent(new Event('focus')));
    await supplierPage.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
    await expect(nav(supplierPage).getByTestId('orders-badge')).toHaveText(/^2/);
    // The link's accessible name carries the badge ("Orders 2 new orders"); it is in the Sell menu.
    await openFromNav(supplierPage, /^Orders\b/, /\/orders$/);
    await expect(supplierPage).toHaveTitle('Orders | Bulkwise');
    const order = supplierPage.getByRole('article', { name: crates.name });
    await expect(order.getByTestId('order-line')).toHaveText('20 × $2.50 = $50.00');
    await expect(order).toContainText(buyer.email);
    await expect(order).toContainText('12 Harbour Road, Bristol BS1 4RN');
    await expect(order).toContainText('+44 117 496 0123');
    await expectAccessible(supplierPage);

    await order.getByRole('button', { name: /^Confirm/ }).click();
    await supplierPage.getByRole('tab', { name: /^Confirmed/ }).click();
    const confirmed = supplierPage.getByRole('article', { name: crates.name });
    await expect(confirmed.getByTestId('order-status')).toHaveText('Confirmed');
    await markShipped(confirmed, { carrier: 'DHL Freight', tracking: 'JD014600003SE' });
    await expect(supplierPage.getByRole('article', { name: crates.name })).toHaveCount(0);

    // The supplier cancels the second order with a reason.
    await supplierPage.getByRole('tab', { name: /^Placed/ }).click();
    await supplierPage
      .getByRole('article', { name: wrap.name })
      .getByRole('button', { name: /^Cancel order/ })
      .click();
    await dialog(supplierPage).getByRole('button', { name: 'Cancel order' }).click();
    await expect(dialog(supplierPage)).toContainText('Reason is required');
    await dialog(supplierPage)
      .getByLabel(/^Reason/)
      .fill('Out of stock at the warehouse');
    await dialog(supplierPage).getByRole('button', { name: 'Cancel order' }).click();
    await expect(supplierPage.getByRole('article', { name: wrap.name })).toHaveCount(0);
    await expect(nav(supplierPage).getByTestId('orders-badge')).toHaveCount(0);

    // The buyer sees the shipment, cannot remove it, and marks it received.
    await openFromNav(buyerPage, 'My Cart', /\/cart$/);
    const line = buyerPage.getByRole('article', { name: crates.name });
    await expect(line.getByTestId('order-status')).toHaveText('Shipped');
    await expect(line.getByTestId('order-tracking')).toHaveText(
      'Shipped with DHL Freight, tracking JD014600003SE',
    );
    await expect(line.getByRole('button', { name: /Remove/ })).toHaveCount(0);
    await expect(line).toContainText('can no longer be removed');
    await expect(buyerPage.getByRole('article', { name: wrap.name })).toHaveCount(0);
    await line.getByRole('button', { name: /^Mark received/ }).click();
    await expect(line.getByTestId('order-status')).toHaveText('Delivered');

    await buyerPage.getByRole('checkbox', { name: 'Show cancelled orders' }).check();
    const cancelled = buyerPage.getByRole('article', { name: wrap.name });
    await expect(cancelled.getByTestId('order-cancellation')).toHaveText(
      'Cancelled by the supplier: Out of stock at the warehouse',
    );
    await expectAccessible(buyerPage);

    await supplierPage.getByRole('tab', { name: /^Delivered/ }).click();
    await expect(
      supplierPage.getByRole('article', { name: crates.name }).getByTestId('order-status'),
    ).toHaveText('Delivered');
  } finally {
    await close();
  }
});
