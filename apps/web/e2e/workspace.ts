import type { OwnProduct } from '@bulkwise/contracts';
import { expect, type Page } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './axe';
import { API, apiToken, type TestUser } from './fixtures';

/** Helpers of the signed-in workspace journeys (add, my products, update, cart). */

/**
 * Opens a page through the navigation bar (no reload, so no startup overlay): a public link directly,
 * a signed-in section through its Buy or Sell menu (components/layout/nav-items.ts), on a small screen
 * through the one mobile menu.
 */
export async function openFromNav(page: Page, name: string | RegExp, url: RegExp) {
  const nav = page.getByRole('navigation', { name: 'Main' });
  const menuToggle = page.getByRole('button', { name: 'Open menu' });
  if (await menuToggle.isVisible()) {
    await menuToggle.click();
    await page.locator('#mobile-menu').getByRole('link', { name, exact: true }).click();
    await expect(page).toHaveURL(url);
    return;
  }
  const link = nav.getByRole('link', { name, exact: true });
  if (await link.isVisible()) await link.click();
  else {
    // The closed menu's items are hidden: find the group that holds this one.
    const item = page.getByRole('menuitem', { name, exact: true, includeHidden: true });
    const group = nav.locator('li', { has: item });
    await group.getByRole('button').first().click();
    // Open, an item's name also reads its count ("Orders 1 new order"), as a screen reader hears it.
    await nav.getByRole('menuitem', { name: withCount(name) }).click();
  }
  await expect(page).toHaveURL(url);
}

/** A menu item's name with or without the count badge that follows the label. */
function withCount(name: string | RegExp): RegExp {
  if (name instanceof RegExp) return name;
  return new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?: \\d.*)?$`);
}

/** The owner's own listing straight from the API. */
export async function ownProducts(user: TestUser): Promise<OwnProduct[]> {
  const res = await fetch(`${API}/products?email=${encodeURIComponent(user.email)}`, {
    headers: { authorization: `Bearer ${await apiToken(user)}` },
  });
  if (!res.ok) throw new Error(`GET /api/products?email=: ${res.status} ${await res.text()}`);
  return (await res.json()) as OwnProduct[];
}

export async function productStatus(id: string): Promise<number> {
  return (await fetch(`${API}/products/${id}`)).status;
}

export async function putProduct(user: TestUser, id: string, body: unknown): Promise<number> {
  const res = await fetch(`${API}/products/${id}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${await apiToken(user)}` },
    body: JSON.stringify(body),
  });
  return res.status;
}

/**
 * No serious or critical axe violations in the page's own content as it is now. The navigation
 * bar and footer belong to the layout, which its own journeys check.
 */
export async function expectAccessible(page: Page) {
  // After a full load the startup overlay covers the page for 2 s: judge what the user sees.
  await expect(page.getByTestId('startup-overlay')).toHaveCount(0);
  await expectNoSeriousAxeViolations(page, '#main');
}

/** The open SweetAlert2 dialog. */
export const dialog = (page: Page) => page.locator('.swal2-popup');

/** Reads the dialog's text, presses `button` and waits for it to close. */
export async function answerDialog(page: Page, text: string, button = 'OK') {
  const popup = dialog(page);
  await expect(popup).toBeVisible();
  await expect(popup).toContainText(text);
  await popup.getByRole('button', { name: button, exact: true }).click();
  await expect(popup).toBeHidden();
}

/** Axe in the light theme, then in the dark one (the app follows the system until the user toggles). */
export async function expectAccessibleInBothThemes(page: Page) {
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(page.locator('html')).not.toHaveAttribute('data-theme', 'dark');
  await expectAccessible(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expectAccessible(page);
  await page.emulateMedia({ colorScheme: 'light' });
}
