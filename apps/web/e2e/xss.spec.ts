import { API, apiToken, createProduct, createUser, expect, signIn, test } from './fixtures';

// Stored XSS: product texts are data, never markup. A product whose name and description carry
// script must show as literal text on every page that renders it, and nothing may run.
const NAME = '<img src=x onerror="window.__xss=1">Crate<script>window.__xss=2</script>';
const DESCRIPTION =
  '<b onmouseover="window.__xss=3">bold?</b><iframe src="javascript:window.__xss=4"></iframe>';

test('a script in a product name or description never runs, and shows as text', async ({ page }) => {
  const owner = await createUser('supplier');
  const buyer = await createUser('buyer');
  const product = await createProduct(owner, {
    name: NAME,
    description: DESCRIPTION,
    category: 'Health & Beauty',
  });
  const token = await apiToken(buyer);
  const bought = await fetch(`${API}/products/purchase/${product._id}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ quantity: 20, address: '1 Test Street', phone: '+1 555 0100' }),
  });
  expect(bought.status).toBe(200);

  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  const ranScript = () => page.evaluate(() => (window as unknown as { __xss?: number }).__xss);

  await page.goto(`/product/${product._id}`);
  await expect(page.getByRole('heading', { name: NAME })).toBeVisible();
  await expect(page.getByText(DESCRIPTION)).toBeVisible();
  expect(await ranScript()).toBeUndefined();

  // The category page lists it too (newest first).
  const categories = (await (await fetch(`${API}/categories`)).json()) as Array<{
    _id: string;
    name: string;
  }>;
  const health = categories.find((c) => c.name === 'Health & Beauty')!;
  await page.goto(`/category/${health._id}`);
  await expect(page.getByText(NAME).first()).toBeVisible();
  expect(await ranScript()).toBeUndefined();

  await signIn(page, buyer);
  await page.goto('/cart');
  await expect(page.getByText(NAME).first()).toBeVisible();
  expect(await ranScript()).toBeUndefined();
  expect(dialogs).toEqual([]);
});
