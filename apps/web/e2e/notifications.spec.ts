import { createProduct, createUser, expect, newWindow, signIn, supplierProductBuyer, test } from './fixtures';
import { mailsTo } from './mail';
import { buyInBrowser } from './trading';
import { expectAccessibleInBothThemes } from './workspace';

test('the buyer buys; the supplier’s new-order mail arrives in the inbox with the product and quantity', async ({
  page,
}) => {
  const { supplier, buyer, product } = await supplierProductBuyer({
    mainQuantity: 300,
    minSellingQuantity: 20,
    price: 1.25,
  });
  await signIn(page, buyer);
  await buyInBrowser(page, product._id, 35);

  await expect.poll(async () => (await mailsTo(supplier.email)).length, { timeout: 20_000 }).toBe(1);
  const [mail] = await mailsTo(supplier.email);
  expect(mail!.subject).toBe(`New order: 35 × ${product.name}`);
  expect(mail!.text).toContain(`Product: ${product.name}`);
  expect(mail!.text).toContain('Quantity: 35');
  expect(mail!.text).toContain('Total: $43.75');
  expect(mail!.text).toContain('Ship to: 12 Harbour Road, Bristol BS1 4RN');
  expect(mail!.html).toContain('/orders"');
  expect(mail!.headers['message-id']).toMatch(/^<[0-9a-f-]{36}@bulkwise\.test>$/);
  // The buyer is not told about their own order.
  expect(await mailsTo(buyer.email)).toHaveLength(0);
});

test('a supplier who turns order emails off in Settings gets no new-order mail', async ({
  page,
  browser,
}) => {
  test.slow();
  const supplier = await createUser('quiet');
  const product = await createProduct(supplier, { mainQuantity: 300, minSellingQuantity: 20 });
  await signIn(page, supplier);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page).toHaveTitle('Settings | Bulkwise');
  const emails = page.getByRole('switch', { name: /Order emails/ });
  await expect(emails).toBeChecked();
  await expectAccessibleInBothThemes(page);
  await emails.click();
  await expect(page.getByText('Settings saved')).toBeVisible();
  await expect(emails).not.toBeChecked();
  await page.reload();
  await expect(page.getByRole('switch', { name: /Order emails/ })).not.toBeChecked();

  // A second buyer's purchase, then one more from a supplier who still wants mail, as a marker that the
  // worker has gone past the first.
  const loud = await createUser('loud');
  const marker = await createProduct(loud, { mainQuantity: 300, minSellingQuantity: 20 });
  const buyerWindow = await newWindow(browser);
  const buyerPage = await buyerWindow.newPage();
  const buyer = await createUser('buyer');
  await signIn(buyerPage, buyer);
  await buyInBrowser(buyerPage, product._id, 20);
  await buyInBrowser(buyerPage, marker._id, 20);
  await expect.poll(async () => (await mailsTo(loud.email)).length, { timeout: 20_000 }).toBe(1);
  expect(await mailsTo(supplier.email)).toHaveLength(0);
  await buyerWindow.close();
});
