import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { PRODUCT_FORM_MESSAGES, PRODUCT_MESSAGES } from '../src/config/messages';
import { createUser, expect, signIn, test } from './fixtures';
import { answerDialog, expectAccessibleInBothThemes, openFromNav, ownProducts } from './workspace';

/** A new supplier (`label`) signs in and opens Add Product from the navigation; answers the supplier. */
async function openAddProductAs(page: Page, label: string) {
  const supplier = await createUser(label);
  await signIn(page, supplier);
  await openFromNav(page, 'Add Product', /\/add-product$/);
  return supplier;
}

test('add a product: each ordered check in turn, then success into My Products and the API', async ({
  page,
}) => {
  // A long journey with two axe passes: on a busy machine it outgrows the default 45 s.
  test.slow();
  const supplier = await openAddProductAs(page, 'supplier');
  await expect(page.getByRole('heading', { name: PRODUCT_MESSAGES.addTitle })).toBeVisible();
  await expect(page).toHaveTitle('Add Product | Bulkwise');
  await expect(page.getByText(/wholesale platform connecting suppliers with business buyers/)).toBeVisible();
  await expectAccessibleInBothThemes(page);

  const add = page.getByRole('button', { name: 'Add Product', exact: true });
  const field = (label: string) => page.getByLabel(label, { exact: true });

  // The browser's own validation is off so the spec's dialogs speak, one failure at a time, in order:
  // each row fills what the previous check wanted (and breaks the next field), adds, reads the dialog,
  // and finds focus on the field the dialog was about.
  const checks: Array<{ fill: Array<[label: string, value: string]>; says: string; focus: string }> = [
    { fill: [], says: PRODUCT_FORM_MESSAGES.imageRequired, focus: 'Image URL' },
    { fill: [['Image URL', 'not a url']], says: PRODUCT_FORM_MESSAGES.imageInvalid, focus: 'Image URL' },
    {
      fill: [
        ['Image URL', 'https://cdn.example.com/e2e-crate.jpg'],
        ['Main quantity', '0'],
      ],
      says: PRODUCT_FORM_MESSAGES.mainQuantity,
      focus: 'Main quantity',
    },
    {
      fill: [
        ['Main quantity', '1200'],
        ['Minimum selling quantity', '0'],
      ],
      says: PRODUCT_FORM_MESSAGES.minSellingQuantity,
      focus: 'Minimum selling quantity',
    },
    {
      fill: [
        ['Minimum selling quantity', '150'],
        ['Price', '0'],
      ],
      says: PRODUCT_FORM_MESSAGES.price,
      focus: 'Price',
    },
    {
      fill: [
        ['Price', '12.75'],
        ['Rating', '6'],
      ],
      says: PRODUCT_FORM_MESSAGES.rating,
      focus: 'Rating',
    },
  ];
  for (const { fill, says, focus } of checks) {
    for (const [label, value] of fill) await field(label).fill(value);
    await add.click();
    await answerDialog(page, says);
    await expect(field(focus)).toBeFocused();
  }

  // All six pass; the texts are the remaining rules, shown inline.
  await field('Rating').fill('4.6');
  await add.click();
  await expect(field('Product name')).toBeFocused();
  await expect(page.getByText('Name is required', { exact: true })).toBeVisible();
  await expect(field('Product name')).toHaveAccessibleDescription('Name is required');
  await expectAccessibleInBothThemes(page);

  const name = `E2E Pallet ${randomBytes(3).toString('hex')}`;
  await field('Product name').fill(name);
  await field('Brand name').fill('Crateworks');
  await field('Category').selectOption('Home & Kitchen Appliances');
  await field('Description').fill('Stackable kitchen storage crates, 12 per carton.');
  await add.click();

  await expect(page.getByText('Product added successfully!')).toBeVisible();
  // The form is empty again, ready for the next product.
  await expect(field('Product name')).toHaveValue('');
  await expect(field('Image URL')).toHaveValue('');
  await expect(field('Price')).toHaveValue('');
  await expect(field('Category')).toHaveValue('');
  await expect(add).toBeEnabled();

  const [stored] = (await ownProducts(supplier)).filter((p) => p.name === name);
  expect(stored).toMatchObject({
    name,
    brandName: 'Crateworks',
    category: 'Home & Kitchen Appliances',
    categorySlug: 'home_kitchen_appliances',
    userEmail: supplier.email,
    userName: supplier.displayName,
    mainQuantity: 1200,
    minSellingQuantity: 150,
    price: 12.75,
    rating: 4.6,
  });

  await openFromNav(page, 'My Products', /\/my-products$/);
  const card = page.getByRole('article', { name });
  await expect(card).toBeVisible();
  await expect(card).toContainText('$12.75');
  await expect(card).toContainText('1,200 units');
  await expect(card).toContainText('150 units');
  await expect(card).toContainText('4.6');
});

test('the add form works by keyboard alone', async ({ page }) => {
  const supplier = await openAddProductAs(page, 'keyboard');
  const name = `E2E Keys ${randomBytes(3).toString('hex')}`;

  /** Types each value into the focused field, then Tab to the next. */
  const typeEachThenTab = async (...values: string[]) => {
    for (const value of values) {
      await page.keyboard.type(value);
      await page.keyboard.press('Tab');
    }
  };
  await page.getByLabel('Image URL').focus();
  await typeEachThenTab('https://cdn.example.com/keys.jpg');
  await expect(page.getByLabel('SKU')).toBeFocused();
  await typeEachThenTab('KEYS-1', name, 'Keyco');
  await expect(page.getByLabel('Category')).toBeFocused();
  // Type-ahead picks an option without opening the list.
  await page.keyboard.type('Health');
  await expect(page.getByLabel('Category')).toHaveValue('Health & Beauty');
  await page.keyboard.press('Tab');
  await typeEachThenTab('300', '30');
  await expect(page.getByLabel('Low-stock threshold')).toBeFocused();
  await typeEachThenTab('60', '3.5', '4.1');
  await expect(page.getByLabel('Description')).toBeFocused();
  await page.keyboard.type('Typed without a mouse.');
  await page.keyboard.press('Enter');
  // Volume pricing is optional: its one control is passed by.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Add price break' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Add Product', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');

  await expect(page.getByText('Product added successfully!')).toBeVisible();
  const stored = (await ownProducts(supplier)).find((p) => p.name === name);
  expect(stored).toMatchObject({
    sku: 'KEYS-1',
    category: 'Health & Beauty',
    mainQuantity: 300,
    minSellingQuantity: 30,
    lowStockThreshold: 60,
    rating: 4.1,
  });
  expect(stored?.price).toBe(3.5);
});

test('a supplier uploads a photo in Add Product and buyers see it on the product page, a phone taking the 320 px file', async ({
  page,
  browser,
}) => {
  test.slow();
  const supplier = await openAddProductAs(page, 'photo');
  const field = (label: string) => page.getByLabel(label, { exact: true });

  // A camera-like JPEG, 1600 x 1200, made here rather than kept as a binary fixture.
  const photo = await sharp({
    create: { width: 1600, height: 1200, channels: 3, background: '#3a7' },
  })
    .jpeg()
    .toBuffer();
  await page.getByTestId('image-file-input').setInputFiles({
    name: 'crate.jpg',
    mimeType: 'image/jpeg',
    buffer: photo,
  });
  await expect(field('Image URL')).toHaveValue(/^\/images\/u\/[0-9a-f]{32}-1280\.webp$/);
  const preview = page.getByTestId('image-preview');
  await expect(preview).toBeVisible();
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  const name = `E2E Photo ${randomBytes(3).toString('hex')}`;
  await field('Product name').fill(name);
  await field('Brand name').fill('Crateworks');
  await field('Category').selectOption('Home & Kitchen Appliances');
  await field('Main quantity').fill('500');
  await field('Minimum selling quantity').fill('10');
  await field('Price').fill('9.50');
  await field('Rating').fill('4.2');
  await field('Description').fill('Stackable crates, photographed.');
  await page.getByRole('button', { name: 'Add Product', exact: true }).click();
  await expect(page.getByText('Product added successfully!')).toBeVisible();

  const [stored] = (await ownProducts(supplier)).filter((p) => p.name === name);
  expect(stored?.image).toMatch(/^\/images\/u\/[0-9a-f]{32}-1280\.webp$/);
  await page.goto(`/product/${stored!._id}`);
  const image = page.getByRole('img', { name });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(image).toHaveAttribute('srcset', /-160\.webp 160w, .*-1280\.webp 1280w$/);

  // A phone (320 CSS px at 1x), with nothing cached (a browser that has the 1280 px file reuses it), is
  // given the 320 px file, as AVIF: Chromium decodes it, so the <picture> offers it before the WebP.
  const phone = await browser.newContext({ viewport: { width: 320, height: 640 }, deviceScaleFactor: 1 });
  try {
    const phonePage = await phone.newPage();
    await phonePage.goto(new URL(`/product/${stored!._id}`, page.url()).href);
    const phoneImage = phonePage.getByRole('img', { name });
    await expect
      .poll(() => phoneImage.evaluate((img: HTMLImageElement) => img.complete && img.currentSrc))
      .toMatch(/-320\.avif$/);
  } finally {
    await phone.close();
  }
});
