import { createProduct, createUser, expect, fetchProduct, signIn, test } from './fixtures';
import { expectAccessibleInBothThemes, openFromNav, ownProducts, putProduct } from './workspace';

test('the owner updates a product: values loaded, Cancel goes back, save lands on All Products', async ({
  page,
}) => {
  // A long journey with two axe passes: on a busy machine it outgrows the default 45 s.
  test.slow();
  const supplier = await createUser('updater');
  const product = await createProduct(supplier, {
    image: 'https://cdn.example.com/old.jpg',
    category: 'Health & Beauty',
    price: 3.25,
    rating: 4.2,
  });

  await signIn(page, supplier);
  await openFromNav(page, 'My Products', /\/my-products$/);
  await page.getByRole('link', { name: `Update ${product.name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/update-product/${product._id}$`));
  await expect(page).toHaveTitle('Update Product | Bulkwise');

  const field = (label: string) => page.getByLabel(label, { exact: true });
  await expect(field('Product name')).toHaveValue(product.name);
  await expect(field('Image URL')).toHaveValue('https://cdn.example.com/old.jpg');
  await expect(field('Brand name')).toHaveValue(product.brandName);
  await expect(field('Category')).toHaveValue('Health & Beauty');
  await expect(field('Description')).toHaveValue(product.description);
  await expect(field('Main quantity')).toHaveValue(String(product.mainQuantity));
  await expect(field('Minimum selling quantity')).toHaveValue(String(product.minSellingQuantity));
  await expect(field('Price')).toHaveValue('3.25');
  await expect(field('Rating')).toHaveValue('4.2');
  await expectAccessibleInBothThemes(page);

  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/my-products$/);

  await page.getByRole('link', { name: `Update ${product.name}` }).click();
  const renamed = `${product.name} v2`;
  await field('Product name').fill(renamed);
  await field('Price').fill('4.1');
  await field('Main quantity').fill('640');
  await field('Category').selectOption('Fashion & Apparel');
  await page.getByRole('button', { name: 'Update Product' }).click();

  await expect(page).toHaveURL(/\/all-products$/);
  await expect(page.getByText('Product updated successfully!')).toBeVisible();
  const stored = await fetchProduct(product._id);
  expect(stored).toMatchObject({ name: renamed, price: 4.1, mainQuantity: 640 });
  const [own] = (await ownProducts(supplier)).filter((p) => p._id === product._id);
  expect(own).toMatchObject({ category: 'Fashion & Apparel', categorySlug: 'fashion_apparel' });
});

test("another user neither sees nor can update someone else's product", async ({ page }) => {
  const owner = await createUser('owner');
  const intruder = await createUser('intruder');
  const product = await createProduct(owner, { price: 9.99 });

  await signIn(page, intruder);
  await openFromNav(page, 'My Products', /\/my-products$/);
  await expect(page.getByRole('heading', { name: 'Your Product Shelf is Empty' })).toBeVisible();
  await expect(page.getByRole('article', { name: product.name })).toHaveCount(0);

  await page.goto(`/update-product/${product._id}`);
  await expect(page.getByText('You can only update your own products.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Update Product' })).toHaveCount(0);
  await expect(page.getByLabel('Product name', { exact: true })).toHaveCount(0);
  await expectAccessibleInBothThemes(page);

  // The API refuses too, and the product is unchanged.
  expect(await putProduct(intruder, product._id, { ...product, name: 'Hijacked', price: 0.01 })).toBe(403);
  expect(await fetchProduct(product._id)).toMatchObject({ name: product.name, price: 9.99 });
});
