import { LOGIN_MESSAGES } from '../src/config/messages';
import type { Page } from '@playwright/test';
import { createUser, expect, signIn, test } from './fixtures';

// The Firebase SDK is only downloaded when a user may be saved in the browser (decision 0014).
const firebaseChunk = (page: Page) => {
  const urls: string[] = [];
  page.on('request', (req) => {
    if (/\/assets\/auth-client-[\w-]+\.js$/.test(req.url())) urls.push(req.url());
  });
  return urls;
};

test('a returning signed-in user reloading a private page stays on it, signed in', async ({ page }) => {
  const user = await createUser('returning');
  await signIn(page, user);
  await page.goto('/cart');
  await expect(page.getByRole('heading', { name: 'My Cart' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'My Cart' })).toBeVisible();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Logout' }).first(),
  ).toBeVisible();
});

test('a visitor never signed in gets the page without the Firebase SDK, and signs in when asked', async ({
  page,
}) => {
  // On the fixtures' clock: the skip past the startup overlay waits for the saved-user probe's answer
  // (features/auth/persisted-user.ts), so its 1 s limit is never jumped over.
  const chunks = firebaseChunk(page);
  await page.goto('/cart');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: LOGIN_MESSAGES.heading })).toBeVisible();
  expect(chunks).toHaveLength(0);

  const user = await createUser('first-visit');
  await page.getByLabel('Email address').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('Successfully logged in!')).toBeVisible();
  expect(chunks).toHaveLength(1);
});
