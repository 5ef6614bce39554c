import type { Page } from '@playwright/test';
import { createProduct, expect, supplierAndBuyer, test } from './fixtures';
import { tradingWindows } from './trading';
import { expectAccessible } from './workspace';

/** The quote page's form fields of line `i` (a product's quantity and unit price). */
async function price(page: Page, name: string, unitPrice: string) {
  await page.getByLabel(`Unit price of ${name} ($)`).fill(unitPrice);
}

test('a buyer requests 3 products, the supplier offers, the buyer counters, the supplier offers again, the buyer accepts: 3 orders at the quoted prices, and a message each way on one', async ({
  browser,
}) => {
  test.slow();
  const { supplier, buyer } = await supplierAndBuyer();
  const stamp = Date.now();
  const products = await Promise.all(
    ['Cartons', 'Tape', 'Labels'].map((name, i) =>
      createProduct(supplier, {
        name: `${name} ${stamp}`,
        mainQuantity: 20_000,
        minSellingQuantity: 1000,
        price: 2 + i,
      }),
    ),
  );
  const { buyerPage, supplierPage, close } = await tradingWindows(browser, buyer, supplier);
  try {
    // The buyer builds one request of three products from their pages, then sends it.
    for (const p of products) {
      await buyerPage.goto(`/product/${p._id}`);
      await buyerPage.getByRole('button', { name: 'Request a quote' }).click();
      await expect(buyerPage.getByRole('status').filter({ hasText: 'In your quote request' })).toBeVisible();
    }
    await buyerPage.getByRole('link', { name: /Review quote request \(3 products\)/ }).click();
    await expect(buyerPage).toHaveURL(/\/quote-request$/);
    await buyerPage.getByLabel(`Quantity of ${products[0]!.name}`).fill('5000');
    await buyerPage.getByLabel('Shipping address').fill('12 Harbour Road, Bristol BS1 4RN');
    await buyerPage.getByLabel('Phone').fill('+44 117 496 0123');
    await buyerPage.getByRole('button', { name: 'Send quote request' }).click();
    await expect(buyerPage).toHaveURL(/\/quotes\/[0-9a-f-]{36}$/);
    await expect(buyerPage.getByTestId('quote-status')).toHaveText('Requested');
    const quoteUrl = new URL(buyerPage.url()).pathname;

    // The supplier finds it among new requests and offers.
    await supplierPage.goto('/quotes?as=supplier');
    await expect(supplierPage.getByRole('tab', { name: /^New requests/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await supplierPage.getByRole('link', { name: new RegExp(buyer.displayName) }).click();
    await expect(supplierPage).toHaveURL(new RegExp(`${quoteUrl}$`));
    await price(supplierPage, products[0]!.name, '1.80');
    await price(supplierPage, products[1]!.name, '2.70');
    await price(supplierPage, products[2]!.name, '3.60');
    await supplierPage.getByRole('button', { name: 'Send offer' }).click();
    await expect(supplierPage.getByTestId('quote-status')).toHaveText('Offered');

    // The buyer counters.
    await buyerPage.reload();
    await expect(buyerPage.getByTestId('quote-status')).toHaveText('Offered');
    await expect(buyerPage.getByTestId('quote-time-left')).toContainText('left');
    await buyerPage.getByRole('button', { name: 'Counter' }).click();
    await price(buyerPage, products[0]!.name, '1.50');
    await buyerPage.getByRole('button', { name: 'Send counter-offer' }).click();
    await expect(buyerPage.getByTestId('quote-status')).toHaveText('Countered');

    // The supplier answers with a new offer between the two.
    await supplierPage.reload();
    await price(supplierPage, products[0]!.name, '1.65');
    await supplierPage.getByRole('button', { name: 'Send offer' }).click();
    await expect(supplierPage.getByTestId('quote-status')).toHaveText('Offered');
    await expect(supplierPage.getByRole('columnheader', { name: /v3/ })).toBeVisible();

    // The buyer accepts version 3 and finds three orders at the quoted prices in My Cart.
    await buyerPage.reload();
    await expectAccessible(buyerPage);
    await buyerPage.getByRole('button', { name: 'Accept offer v3' }).click();
    await expect(buyerPage.getByTestId('quote-status')).toHaveText('Accepted');
    await expect(buyerPage.getByRole('status').filter({ hasText: '3 orders were placed' })).toBeVisible();
    await buyerPage.goto('/cart');
    await expect(
      buyerPage.getByRole('article', { name: products[0]!.name }).getByText('$1.65').first(),
    ).toBeVisible();
    await expect(
      buyerPage.getByRole('article', { name: products[1]!.name }).getByText('$2.70').first(),
    ).toBeVisible();
    await expect(
      buyerPage.getByRole('article', { name: products[2]!.name }).getByText('$3.60').first(),
    ).toBeVisible();

    // A message each way on the first order.
    const mine = buyerPage.getByRole('article', { name: products[0]!.name });
    await mine.getByRole('button', { name: /^Messages/ }).click();
    await mine.getByLabel('Your message').fill('<b>Please</b> deliver to dock 4');
    await mine.getByRole('button', { name: 'Send' }).click();
    await expect(mine.getByTestId('thread-messages')).toContainText('<b>Please</b> deliver to dock 4');

    await supplierPage.goto('/orders');
    const theirs = supplierPage.getByRole('article', { name: products[0]!.name });
    await expect(theirs.getByTestId('unread-badge')).toHaveText(/^1/);
    await theirs.getByRole('button', { name: /^Messages/ }).click();
    await expect(theirs.getByTestId('thread-messages')).toContainText('<b>Please</b> deliver to dock 4');
    await theirs.getByLabel('Your message').fill('Dock 4 it is.');
    await theirs.getByRole('button', { name: 'Send' }).click();
    await expect(theirs.getByTestId('thread-messages')).toContainText('Dock 4 it is.');

    await buyerPage.reload();
    const again = buyerPage.getByRole('article', { name: products[0]!.name });
    await again.getByRole('button', { name: /^Messages/ }).click();
    await expect(again.getByTestId('thread-messages')).toContainText('Dock 4 it is.');
  } finally {
    await close();
  }
});
