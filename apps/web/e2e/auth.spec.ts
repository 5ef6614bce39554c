import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import {
  LOGIN_MESSAGES,
  LOGOUT_MESSAGES,
  NOT_FOUND_MESSAGES,
  PASSWORD_MESSAGES,
  REGISTER_MESSAGES,
} from '../src/config/messages';
import { createUser, expect, signIn, test } from './fixtures';

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

test('register with the password rules, sign out with confirmation, sign in again', async ({ page }) => {
  const email = `new-${randomBytes(4).toString('hex')}@e2e.test`;
  await page.goto('/register');
  await expect(page.getByRole('heading', { name: 'Create Account' })).toBeVisible();
  await page.getByLabel('Full Name').fill('Nadia Buyer');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Photo URL').fill('http://localhost/images/avatars/default-avatar.svg');

  // A password that breaks every rule: the dialog lists each failure.
  await page.getByLabel('Password', { exact: true }).fill('12345');
  await page.getByRole('button', { name: 'Create Account' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(PASSWORD_MESSAGES.title)).toBeVisible();
  for (const message of [
    PASSWORD_MESSAGES.tooShort,
    PASSWORD_MESSAGES.noUppercase,
    PASSWORD_MESSAGES.noLowercase,
    PASSWORD_MESSAGES.noSpecial,
  ]) {
    await expect(dialog.getByText(message)).toBeVisible();
  }
  await dialog.getByRole('button').first().click();
  await expect(page).toHaveURL(/\/register$/);

  // Live feedback, then a good password registers and signs in.
  await page.getByLabel('Password', { exact: true }).fill('Wholesale#1');
  await expect(page.getByText(PASSWORD_MESSAGES.allMet)).toBeVisible();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText(REGISTER_MESSAGES.success)).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  // The signed-in sections are in the Buy and Sell menus.
  await expect(nav(page).getByRole('button', { name: /^Sell\b/ })).toBeVisible();
  await expect(nav(page).getByRole('link', { name: 'Login' })).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('bulkwise-token'))).toBeTruthy();

  // Sign out: the confirmation, then the success message, then home with the token gone.
  await page.getByRole('button', { name: 'Logout' }).first().click();
  await expect(page.getByText(LOGOUT_MESSAGES.confirm)).toBeVisible();
  await page.getByRole('button', { name: LOGOUT_MESSAGES.confirmButton }).click();
  await expect(page.getByText(LOGOUT_MESSAGES.success)).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(nav(page).getByRole('link', { name: 'Login' }).first()).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('bulkwise-token'))).toBeNull();

  // Sign in again with the new account.
  await signIn(page, { email, password: 'Wholesale#1', uid: '', displayName: 'Nadia Buyer' });
});

test('the demo supplier account signs in through the page', async ({ page }) => {
  await signIn(page, {
    email: 'supplier@bulkwise.test',
    password: 'Supplier#2026',
    uid: '',
    displayName: 'Ava Chen',
  });
});

test('a wrong password shows the Sign In Failed dialog', async ({ page }) => {
  const user = await createUser('wrongpw');
  await page.goto('/login');
  await page.getByLabel('Email address').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill('Not#ThePassword1');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(LOGIN_MESSAGES.failedTitle)).toBeVisible();
  await expect(
    dialog.getByText(LOGIN_MESSAGES.wrongPassword).or(dialog.getByText(LOGIN_MESSAGES.invalidCredential)),
  ).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Try Again' })).toBeVisible();
});

test('registering an email that exists offers to sign in instead', async ({ page }) => {
  const user = await createUser('taken');
  await page.goto('/register');
  await page.getByLabel('Full Name').fill('Someone');
  await page.getByLabel('Email address').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill('Another#Pass1');
  await page.getByLabel('Photo URL').fill('http://localhost/a.png');
  await page.getByRole('button', { name: 'Create Account' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(REGISTER_MESSAGES.failedTitle)).toBeVisible();
  await expect(dialog.getByText(REGISTER_MESSAGES.emailInUse)).toBeVisible();
  await dialog.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('guards: a guest on /cart lands on /login; a signed-in user on /login lands on /', async ({ page }) => {
  await page.goto('/cart');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: LOGIN_MESSAGES.heading })).toBeVisible();

  const user = await createUser('guarded');
  await signIn(page, user, /\/cart$/);
  await page.goto('/login');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/register');
  await expect(page).toHaveURL(/\/$/);
});

test('an unknown URL shows the not-found page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: NOT_FOUND_MESSAGES.title })).toBeVisible();
  await expect(page.getByText(NOT_FOUND_MESSAGES.text)).toBeVisible();
  await page.getByRole('link', { name: NOT_FOUND_MESSAGES.back }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('the theme toggle persists across a reload', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/categories');
  const html = page.locator('html');
  await expect(html).not.toHaveAttribute('data-theme', 'dark');
  await page.getByRole('button', { name: 'Switch to dark mode' }).first().click();
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await expect(html).toHaveClass(/dark/);
  await page.reload();
  await expect(html).toHaveAttribute('data-theme', 'dark');
  // The saved choice wins over the system preference from now on.
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(html).toHaveAttribute('data-theme', 'dark');
});
