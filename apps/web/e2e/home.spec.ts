import { CATEGORY_MESSAGES, OFFER_MESSAGES } from '../src/config/messages';
import { expect, letSuccessDialogClose, test } from './fixtures';
import { expectNoSeriousAxeViolations } from './axe';
import { answerApiError, answerEmptyList, appReady, getCategories, swal } from './browse';

test('the home page shows its five sections in order, titled and accessible', async ({ page }) => {
  await page.goto('/');
  await appReady(page);
  await expect(page).toHaveTitle('Home | Bulkwise');
  const headings = page.getByRole('heading', { level: 2 });
  const order = [
    'Featured Categories',
    'Exclusive Special Offers',
    'What Our Clients Say',
    'Why Businesses Choose Bulkwise',
  ];
  for (const name of order) await expect(headings.filter({ hasText: name })).toHaveCount(1);
  const texts = await headings.allTextContents();
  expect(texts.filter((text) => order.includes(text))).toEqual(order);
  // The hero comes first.
  expect(texts.indexOf('Electronics Mega Sale')).toBeLessThan(texts.indexOf(order[0]!));

  for (const name of [
    'Verified Suppliers',
    'Better Bulk Pricing',
    'Secure Transactions',
    'Priority Support',
  ]) {
    await expect(page.getByRole('heading', { name, level: 3 })).toBeVisible();
  }
  for (const [label, value] of [
    ['Products', '10k+'],
    ['Retail Buyers', '5k+'],
    ['Satisfaction', '98%'],
  ]) {
    await expect(page.getByRole('definition').filter({ hasText: value })).toBeVisible();
    await expect(page.getByRole('term').filter({ hasText: label })).toBeVisible();
  }

  const testimonials = page.locator('section[aria-labelledby="testimonials-heading"] li');
  await expect(testimonials).toHaveCount(6);
  for (const rating of await page.getByRole('img', { name: /^Rated [45] out of 5$/ }).all()) {
    await expect(rating).toBeVisible();
  }
  await expect(page.getByRole('img', { name: /^Rated \d out of 5$/ })).toHaveCount(6);

  // The hero fills 90% of the viewport minus the navigation bar.
  const hero = page.getByRole('region', { name: 'Featured deals' });
  const box = await hero.boundingBox();
  const viewport = page.viewportSize()!;
  expect(Math.abs(box!.height - (viewport.height * 0.9 - 64))).toBeLessThan(2);

  await expectNoSeriousAxeViolations(page);
});

test('the hero slider moves to another slide by itself and keeps going after interaction', async ({
  page,
}) => {
  await page.goto('/');
  await appReady(page);
  const slider = page.locator('.swiper-initialized');
  await expect(slider).toBeVisible();
  const activeTitle = () => slider.locator('[data-active="true"] h2').textContent();

  const first = await activeTitle();
  expect(first).toBe('Electronics Mega Sale');
  // A click on the slide is an interaction: autoplay must not stop (disableOnInteraction: false).
  await slider.locator('[data-active="true"]').getByRole('button', { name: 'Shop Now' }).click();
  // Autoplay moves every few seconds; a starved browser's timers run late, so poll with room to spare.
  await expect.poll(activeTitle, { timeout: 15_000 }).not.toBe(first);
  const second = await activeTitle();
  await expect.poll(activeTitle, { timeout: 15_000 }).not.toBe(second);
});

test('the five featured categories link to their pages, and View All Categories to the list', async ({
  page,
}) => {
  const categories = (await getCategories()).slice(0, 5);
  await page.goto('/');
  await appReady(page);
  const section = page.getByRole('region', { name: 'Featured Categories' });
  const links = section.getByRole('list').getByRole('link');
  await expect(links).toHaveCount(5);
  for (const [i, category] of categories.entries()) {
    await expect(links.nth(i)).toHaveAttribute('href', `/category/${category._id}`);
    await expect(links.nth(i)).toContainText(category.name);
  }

  await links.nth(2).click();
  await expect(page).toHaveURL(`/category/${categories[2]!._id}`);
  await expect(page.getByRole('heading', { level: 1, name: categories[2]!.name })).toBeVisible();

  await page.goBack();
  await page.getByRole('link', { name: 'View All Categories', exact: true }).click();
  await expect(page).toHaveURL('/categories');
});

test('claiming an offer shows its code in a success popup and changes nothing else', async ({ page }) => {
  await page.goto('/');
  await appReady(page);
  const offer = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'New Customer Special' }) });
  const requests: string[] = [];
  page.on('request', (req) => {
    if (req.url().includes('/api/')) requests.push(req.url());
  });
  // The popup closes itself after 1.5 s of page time: the clock holds while the popup is read (on a
  // loaded machine three reads took longer than that), then its time passes. The pause point is 5 s
  // ahead of the page's time: it must still be ahead when Playwright applies it (a second was not, on a
  // loaded machine), and a guest's home page has no timer in those 5 s that calls the API.
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 5_000));
  await offer.getByRole('button', { name: 'Claim Offer' }).click();
  await expect(swal(page)).toBeVisible();
  await expect(swal(page).getByRole('heading', { name: OFFER_MESSAGES.claimedTitle })).toBeVisible();
  await expect(swal(page)).toContainText(OFFER_MESSAGES.claimedText('New Customer Special', 'NEWB2B'));
  await page.clock.resume();
  await letSuccessDialogClose(page);
  await expect(swal(page)).toBeHidden({ timeout: 5_000 });
  expect(requests).toEqual([]);
  await expect(page).toHaveURL('/');
});

test('featured categories: the failure message (logged) and the empty message', async ({ page }) => {
  const logged: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') logged.push(msg.text());
  });
  await page.route('**/api/categories', answerApiError(500, 'INTERNAL'));
  await page.goto('/');
  await appReady(page);
  const section = page.getByRole('region', { name: 'Featured Categories' });
  await expect(section.getByRole('alert')).toHaveText(CATEGORY_MESSAGES.homeLoadFailed, { timeout: 15_000 });
  await expect(section.getByRole('button', { name: 'Try Again' })).toHaveCount(0);
  expect(logged.some((text) => text.includes(CATEGORY_MESSAGES.homeFetchFailedInternal))).toBe(true);
  await expectNoSeriousAxeViolations(page);

  await page.unroute('**/api/categories');
  await page.route('**/api/categories', answerEmptyList);
  await page.reload();
  await appReady(page);
  await expect(page.getByText(CATEGORY_MESSAGES.homeEmpty)).toBeVisible();
});

test.describe('dark theme', () => {
  test.use({ colorScheme: 'dark' });
  test('the home page has no serious or critical axe violations', async ({ page }) => {
    await page.goto('/');
    await appReady(page);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(
      page.getByRole('region', { name: 'Featured Categories' }).getByRole('link').first(),
    ).toBeVisible();
    await expectNoSeriousAxeViolations(page);
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 800 } });
  test('nothing overflows sideways and the categories sit two to a row', async ({ page }) => {
    await page.goto('/');
    await appReady(page);
    const links = page
      .getByRole('region', { name: 'Featured Categories' })
      .getByRole('list')
      .getByRole('link');
    await expect(links).toHaveCount(5);
    const [a, b, c] = await Promise.all([0, 1, 2].map(async (i) => (await links.nth(i).boundingBox())!));
    expect(Math.abs(a!.y - b!.y)).toBeLessThan(2);
    expect(c!.y).toBeGreaterThan(a!.y);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
  });
});
