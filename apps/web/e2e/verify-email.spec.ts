import { createProduct, createUser, expect, newWindow, signIn, test } from './fixtures';
import { mailsTo } from './mail';
import { buyInBrowser } from './trading';

const VERIFY_SUBJECT = 'Verify your email address for Bulkwise';

test('a buyer verifies their email through the link in the local inbox; the unverified marks go away and order mail reaches them', async ({
  page,
  browser,
}) => {
  test.slow();
  const supplier = await createUser('supplier');
  const buyer = await createUser('buyer', { verified: false });
  const product = await createProduct(supplier, { mainQuantity: 300, minSellingQuantity: 20 });

  await signIn(page, buyer);
  await buyInBrowser(page, product._id, 20);
  await page.goto('/cart');
  const cartNote = page.getByRole('note').filter({ hasText: 'Your email address is not verified' });
  await expect(cartNote).toBeVisible();

  // The supplier sees the buyer's address marked on the desk.
  const supplierWindow = await newWindow(browser);
  const supplierPage = await supplierWindow.newPage();
  await signIn(supplierPage, supplier);
  await supplierPage.goto('/orders');
  const order = supplierPage.getByRole('article', { name: product.name });
  await expect(order.getByText(buyer.email)).toBeVisible();
  await expect(order.getByText('Unverified email')).toBeVisible();

  // Settings: ask for the link, with the keyboard.
  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'Email address' });
  await expect(section.getByText('Not verified')).toBeVisible();
  await section.getByRole('button', { name: 'Verify your email' }).focus();
  await page.keyboard.press('Enter');
  await expect(section.getByRole('status')).toHaveText(
    `We sent a verification link to ${buyer.email}. Open it, then come back here.`,
  );

  // The link arrives in the local inbox (maildev), through the API's own outbox.
  await expect
    .poll(async () => (await mailsTo(buyer.email)).filter((m) => m.subject === VERIFY_SUBJECT).length, {
      timeout: 20_000,
    })
    .toBe(1);
  const [mail] = (await mailsTo(buyer.email)).filter((m) => m.subject === VERIFY_SUBJECT);
  const link = /http:\/\/\S+\/verify-email\?oobCode=\S+/.exec(mail!.text)?.[0];
  expect(link).toBeDefined();
  await page.goto(link!);
  await expect(page.getByText('Your email address is verified.')).toBeVisible();
  await page.getByRole('link', { name: 'Back to Settings' }).click();
  await expect(page.getByRole('region', { name: 'Email address' }).getByText('Verified')).toBeVisible();
  await page.goto('/cart');
  await expect(page.getByRole('article').first()).toBeVisible();
  await expect(cartNote).toHaveCount(0);

  // The desk drops the mark; the supplier's next move mails the now verified buyer.
  await supplierPage.reload();
  await expect(order.getByText(buyer.email)).toBeVisible();
  await expect(order.getByText('Unverified email')).toHaveCount(0);
  await order.getByRole('button', { name: /^Confirm/ }).click();
  await expect
    .poll(async () => (await mailsTo(buyer.email)).map((m) => m.subject), { timeout: 20_000 })
    .toContain(`Order confirmed: ${product.name}`);
  await supplierWindow.close();
});
