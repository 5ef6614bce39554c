import type { Page } from '@playwright/test';
import { appReady, swal } from './browse';
import { expect, letSuccessDialogClose } from './fixtures';

/** The stack's mail catcher (maildev), read through its REST API as a person would read the inbox. */
const INBOX = `http://127.0.0.1:${process.env.E2E_MAIL_WEB_PORT ?? 1180}/api/email`;

export interface CaughtMail {
  subject: string;
  text: string;
  html: string;
  to: Array<{ address: string }>;
  headers: Record<string, string>;
}

export async function mailsTo(address: string): Promise<CaughtMail[]> {
  const res = await fetch(INBOX);
  if (!res.ok) throw new Error(`GET ${INBOX}: ${res.status}`);
  return ((await res.json()) as CaughtMail[]).filter((m) => m.to.some((t) => t.address === address));
}

/** Buys through the product page's purchase dialog, as the signed-in user of `page`. */
export async function buyInBrowser(page: Page, productId: string, quantity: number) {
  await page.goto(`/product/${productId}`);
  await appReady(page);
  const input = page.getByRole('textbox', { name: 'Quantity' });
  await input.fill(String(quantity));
  await input.press('Tab');
  await page.getByRole('button', { name: 'Buy Now' }).click();
  const dialog = page.getByRole('dialog', { name: 'Complete Your Purchase' });
  await dialog.getByLabel('Shipping address').fill('12 Harbour Road, Bristol BS1 4RN');
  await dialog.getByLabel('Phone number').fill('+44 117 496 0123');
  await dialog.getByRole('button', { name: 'Confirm Purchase' }).click();
  await expect(swal(page).getByRole('heading', { name: 'Purchase Successful!' })).toBeVisible();
  await letSuccessDialogClose(page);
}
