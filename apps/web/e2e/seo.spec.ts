import type { Page } from '@playwright/test';
import { createProduct, createUser, expect, signIn, test, type TestUser } from './fixtures';
import { expectNoSeriousAxeViolations } from './axe';
import { appReady } from './browse';
import { openFromNav } from './workspace';

/*
 * Issue #31: a product page reads without JavaScript (server-made, decision 0024); with JavaScript the
 * app takes over with no console error and no layout shift; and the grouped navigation reaches every
 * section at 1280 and 390 px, signed in as a supplier and as a buyer, with nothing cut off.
 */

const breaksProduct = async () => {
  const owner = await createUser('supplier');
  return createProduct(owner, {
    name: `E2E Server Crates ${Date.now()}`,
    brandName: 'Cratewell',
    description: 'Stackable, food safe.',
    price: 7.25,
    minSellingQuantity: 20,
    mainQuantity: 900,
    priceTiers: [{ minQuantity: 200, price: 6.5 }],
  });
};

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a product page shows its name, price and breaks', async ({ page }) => {
    const product = await breaksProduct();
    const res = await page.goto(`/product/${product._id}`);
    expect(res?.status()).toBe(200);
    await expect(page).toHaveTitle(`${product.name} | Bulkwise`);
    await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
    // The price, and the first row of the breaks table.
    await expect(page.getByText('$7.25').first()).toBeVisible();
    await expect(page.getByRole('cell', { name: '$6.50' })).toBeVisible();
    await expect(page.getByTestId('startup-overlay')).toBeHidden();
  });

  test('a missing product answers 404 and is not indexed', async ({ page }) => {
    const res = await page.goto('/product/0b8f3a52-5d7e-4c1a-9f0e-000000000000');
    expect(res?.status()).toBe(404);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  });
});

test('with JavaScript the product page hydrates with no console error and no layout shift', async ({
  page,
}) => {
  const product = await breaksProduct();
  const errors: string[] = [];
  page.on('console', (msg) => msg.type() === 'error' && errors.push(msg.text()));
  page.on('pageerror', (err) => errors.push(err.message));
  // Every layout shift from the first paint on, as Lighthouse counts them.
  await page.addInitScript(() => {
    (window as unknown as { __cls: number }).__cls = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<
        PerformanceEntry & { value: number; hadRecentInput: boolean }
      >) {
        if (!entry.hadRecentInput) (window as unknown as { __cls: number }).__cls += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(`/product/${product._id}`);
  await appReady(page);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Buy Now' })).toBeVisible();
  // The server's view is gone: one heading, the app's.
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  expect(await page.evaluate(() => (window as unknown as { __cls: number }).__cls)).toBe(0);
  expect(errors).toEqual([]);
});

const SUPPLIER_SECTIONS: Array<[string | RegExp, RegExp, string]> = [
  ['My Products', /\/my-products$/, 'My Products | Bulkwise'],
  ['Add Product', /\/add-product$/, 'Add Product | Bulkwise'],
  [/^Orders\b/, /\/orders$/, 'Orders | Bulkwise'],
  [/^Dashboard\b/, /\/dashboard$/, 'Dashboard | Bulkwise'],
  ['My Cart', /\/cart$/, 'My Cart | Bulkwise'],
  ['Categories', /\/categories$/, 'Categories | Bulkwise'],
  ['All Products', /\/all-products$/, 'All Products | Bulkwise'],
];

/** Nothing in the bar reaches past the right edge of the window. */
async function expectNothingCutOff(page: Page) {
  const width = page.viewportSize()!.width;
  const overflow = await page.evaluate((w) => {
    const header = document.querySelector('header')!;
    return [...header.querySelectorAll('a, button')]
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && (r.right > w + 0.5 || r.left < -0.5);
      })
      .map((el) => el.textContent || el.getAttribute('aria-label'));
  }, width);
  expect(overflow).toEqual([]);
}

for (const width of [1280, 390]) {
  for (const role of ['supplier', 'buyer']) {
    test(`the navigation at ${width} px as a ${role} reaches every section, nothing cut off`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 800 });
      const user: TestUser = await createUser(role);
      await signIn(page, user);
      await expectNothingCutOff(page);
      await expect(
        page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Logout' }),
      ).toBeVisible();
      for (const [name, url, title] of SUPPLIER_SECTIONS) {
        await openFromNav(page, name, url);
        await expect(page).toHaveTitle(title);
        await expectNothingCutOff(page);
      }
      if (width === 1280) {
        // The menus are open to assistive technology as menus; axe finds nothing serious.
        await page.getByRole('button', { name: /^Sell\b/ }).click();
        await expect(page.getByRole('menu', { name: 'Sell' })).toBeVisible();
        await expectNoSeriousAxeViolations(page);
        await page.keyboard.press('Escape');
        await expect(page.getByRole('menu', { name: 'Sell' })).toBeHidden();
      } else {
        await page.getByRole('button', { name: 'Open menu' }).click();
        await expectNoSeriousAxeViolations(page);
      }
    });
  }
}
