import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { PDFParse } from 'pdf-parse';
import { expect, letSuccessDialogClose, stackingCrates, supplierProductBuyer, test } from './fixtures';
import { markShipped, startPurchase, tradingWindows } from './trading';
import { dialog, expectAccessible, openFromNav } from './workspace';

const billing = (page: Page) => page.getByRole('navigation', { name: 'Billing' });

/** Buy Now on the product page at the minimum quantity; answers the dialog's terms line. */
async function buyOnAccount(page: Page, productId: string, poNumber: string) {
  const form = await startPurchase(page, productId);
  const terms = await form.getByTestId('purchase-terms').textContent();
  await form.getByLabel(/^PO number/).fill(poNumber);
  await form.getByRole('button', { name: 'Confirm Purchase' }).click();
  return terms;
}

async function pdfText(path: string): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(await readFile(path)) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

test('net 30 with a limit: asked, granted, ordered on account, refused above the limit, invoiced on ship, paid in two parts', async ({
  browser,
}) => {
  test.slow();
  const { supplier, buyer, product: crates } = await supplierProductBuyer(stackingCrates());
  const company = `Harbour Traders ${Date.now()}`;
  const { buyerPage, supplierPage, close } = await tradingWindows(browser, buyer, supplier);

  // The buyer asks for net 30 from the product page.
  await buyerPage.goto(`/product/${crates._id}`);
  await buyerPage.getByRole('button', { name: 'Ask for payment terms' }).click();
  await dialog(buyerPage)
    .getByLabel(/^Company name/)
    .fill(company);
  await dialog(buyerPage)
    .getByLabel(/^Billing address/)
    .fill('1 Quay Street, Bristol BS1 1AA');
  await dialog(buyerPage).getByLabel(/^Note/).fill('Net 30 please');
  await dialog(buyerPage).getByRole('button', { name: 'Send Request' }).click();
  await expect(dialog(buyerPage).getByRole('heading', { name: 'Request sent' })).toBeVisible();
  await letSuccessDialogClose(buyerPage);

  // The supplier grants net 30 with a limit of $60.
  await openFromNav(supplierPage, 'Invoices', /\/invoices$/);
  await billing(supplierPage).getByRole('link', { name: 'Trade accounts' }).click();
  const account = supplierPage.getByRole('article', { name: company });
  await expect(account.getByTestId('account-status')).toHaveText('Terms requested');
  await expectAccessible(supplierPage);
  await account.getByRole('button', { name: /^Set terms/ }).click();
  await dialog(supplierPage)
    .getByLabel(/^Net days/)
    .fill('30');
  await dialog(supplierPage)
    .getByLabel(/^Credit limit/)
    .fill('60');
  await dialog(supplierPage).getByRole('button', { name: 'Save Terms' }).click();
  await letSuccessDialogClose(supplierPage);
  await expect(account.getByTestId('account-status')).toHaveText('Active');
  await expect(account).toContainText('Net 30 days');

  // The buyer orders on account ($50), then is refused above the limit.
  const terms = await buyOnAccount(buyerPage, crates._id, 'PO-7731');
  expect(terms).toBe('Payment: on account, net 30 days. Available credit: $60.00.');
  await expect(dialog(buyerPage).getByRole('heading', { name: 'Purchase Successful!' })).toBeVisible();
  await letSuccessDialogClose(buyerPage);
  await buyOnAccount(buyerPage, crates._id, 'PO-7732');
  await expect(dialog(buyerPage).getByRole('heading', { name: 'Purchase Failed' })).toBeVisible();
  await expect(dialog(buyerPage)).toContainText('credit limit');
  await expect(dialog(buyerPage)).toContainText('Available credit: $10.00');
  await dialog(buyerPage).getByRole('button', { name: 'OK' }).click();

  // The supplier ships; the invoice is issued.
  await openFromNav(supplierPage, 'Orders', /\/orders$/);
  const order = supplierPage.getByRole('article', { name: crates.name });
  await expect(order.getByTestId('order-payment')).toContainText('on account, PO PO-7731, not invoiced yet');
  await markShipped(order, { carrier: 'DHL Freight' });
  await expect(order).toHaveCount(0);

  // The buyer downloads the invoice PDF from Invoices.
  await openFromNav(buyerPage, 'Invoices', /\/invoices$/);
  const invoice = buyerPage.getByTestId('invoice-card').first();
  await expect(invoice.getByTestId('invoice-status')).toHaveText('Awaiting payment');
  await expect(invoice.getByTestId('invoice-balance')).toHaveText('$50.00');
  const number = ((await invoice.getByRole('heading').textContent()) ?? '').replace('Invoice ', '');
  expect(number).toMatch(/^[0-9A-F]{6}-\d{4}-000001$/);
  await expectAccessible(buyerPage);
  const [download] = await Promise.all([
    buyerPage.waitForEvent('download'),
    invoice.getByRole('button', { name: /^Download PDF/ }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`invoice-${number}.pdf`);
  const text = await pdfText(await download.path());
  for (const s of [`Invoice ${number}`, '$50.00', 'PO number: PO-7731', company]) expect(text).toContain(s);

  // The supplier records two partial payments; the invoice shows paid.
  await openFromNav(supplierPage, 'Invoices', /\/invoices$/);
  await billing(supplierPage).getByRole('link', { name: 'Invoices issued' }).click();
  const issued = supplierPage.getByRole('article', { name: `Invoice ${number}` });
  for (const amount of ['20', '30']) {
    await issued.getByRole('button', { name: /^Record payment/ }).click();
    await dialog(supplierPage)
      .getByLabel(/^Amount/)
      .fill(amount);
    await dialog(supplierPage)
      .getByLabel(/^Paid on/)
      .fill('2026-11-20');
    await dialog(supplierPage)
      .getByLabel(/^Method/)
      .fill('Bank transfer');
    await dialog(supplierPage).getByRole('button', { name: 'Record Payment' }).click();
    await expect(dialog(supplierPage).getByRole('heading', { name: 'Payment recorded' })).toBeVisible();
    await letSuccessDialogClose(supplierPage);
  }
  await expect(issued.getByTestId('invoice-status')).toHaveText('Paid');
  await expect(issued.getByTestId('invoice-balance')).toHaveText('$0.00');

  await buyerPage.reload();
  await expect(
    buyerPage.getByRole('article', { name: `Invoice ${number}` }).getByTestId('invoice-status'),
  ).toHaveText('Paid');
  await close();
});
