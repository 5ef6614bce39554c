import { PRODUCT_MESSAGES } from '../src/config/messages';
import { createProduct, createUser, expect, signIn, test } from './fixtures';
import { answerDialog, dialog, expectAccessibleInBothThemes, openFromNav, productStatus } from './workspace';

test('an empty shelf offers to add the first product', async ({ page }) => {
  const supplier = await createUser('empty');
  await signIn(page, supplier);
  await openFromNav(page, 'My Products', /\/my-products$/);
  await expect(page).toHaveTitle('My Products | Bulkwise');
  await expect(page.getByRole('heading', { name: PRODUCT_MESSAGES.shelfEmpty })).toBeVisible();
  await expectAccessibleInBothThemes(page);
  await page.getByRole('link', { name: PRODUCT_MESSAGES.addFirst }).click();
  await expect(page).toHaveURL(/\/add-product$/);
});

test("lists only the user's own products, and deletes one after confirmation", async ({ page }) => {
  // A long journey with two axe passes: on a busy machine it outgrows the default 45 s.
  test.slow();
  const supplier = await createUser('shelf');
  const rival = await createUser('rival');
  const keep = await createProduct(supplier, {
    price: 2.5,
    mainQuantity: 1500,
    minSellingQuantity: 25,
    rating: 4,
  });
  const doomed = await createProduct(supplier);
  const theirs = await createProduct(rival);

  await signIn(page, supplier);
  await openFromNav(page, 'My Products', /\/my-products$/);
  const card = page.getByRole('article', { name: keep.name });
  await expect(card).toBeVisible();
  await expect(page.getByRole('article', { name: doomed.name })).toBeVisible();
  await expect(page.getByRole('article', { name: theirs.name })).toHaveCount(0);
  await expect(page.getByRole('article')).toHaveCount(2);
  await expect(card).toContainText(keep.brandName);
  await expect(card).toContainText(keep.category);
  await expect(card).toContainText('$2.50');
  await expect(card).toContainText('1,500 units');
  await expect(card).toContainText('25 units');
  await expect(card).toContainText('4.0');
  await expect(card.getByRole('link', { name: `Update ${keep.name}` })).toHaveAttribute(
    'href',
    `/update-product/${keep._id}`,
  );
  await expectAccessibleInBothThemes(page);

  // Cancelling the confirmation keeps it.
  await page.getByRole('button', { name: `Delete ${doomed.name}` }).click();
  await answerDialog(page, doomed.name, 'Cancel');
  await expect(page.getByRole('article', { name: doomed.name })).toBeVisible();
  expect(await productStatus(doomed._id)).toBe(200);

  await page.getByRole('button', { name: `Delete ${doomed.name}` }).click();
  await expect(dialog(page)).toContainText('Delete this product?');
  await dialog(page).getByRole('button', { name: 'Yes, delete it!' }).click();
  await expect(page.getByRole('article', { name: doomed.name })).toHaveCount(0);
  await expect(page.getByText('Product deleted')).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect.poll(() => productStatus(doomed._id)).toBe(404);

  // Still gone after a reload: the server deleted it.
  await page.reload();
  await expect(page.getByRole('article', { name: keep.name })).toBeVisible();
  await expect(page.getByRole('article', { name: doomed.name })).toHaveCount(0);
});
