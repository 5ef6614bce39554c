import { randomInt } from 'node:crypto';
import type { Page } from '@playwright/test';
import { createProduct, createUser, expect, test } from './fixtures';
import { expectNoSeriousAxeViolations } from './axe';
import { appReady } from './browse';

/** A word no other test or the demo catalog has: 9 random letters. */
const uniqueWord = () => Array.from({ length: 9 }, () => String.fromCharCode(97 + randomInt(26))).join('');
const cap = (word: string) => word[0]!.toUpperCase() + word.slice(1);

async function catalogWith(word: string) {
  const supplier = await createUser('supplier');
  const ties = await createProduct(supplier, { name: `${cap(word)} cable ties` });
  const bolts = await createProduct(supplier, { name: `${cap(word)} steel bolts` });
  const plugs = await createProduct(supplier, { name: 'Plain wall plugs', brandName: cap(word) });
  return { ties, bolts, plugs };
}

const searchBox = (page: Page) =>
  page.getByRole('search', { name: 'Products' }).getByRole('combobox', { name: 'Search products' });

test('typeahead by keyboard: suggestions while typing, arrows, Enter opens the product', async ({ page }) => {
  test.slow(); // types key by key and waits for the debounced suggestions
  const word = uniqueWord();
  await catalogWith(word);
  await page.goto('/');
  await appReady(page);

  const box = searchBox(page);
  await box.click();
  await box.pressSequentially(word.slice(0, 5));
  const list = page.getByRole('listbox', { name: 'Suggestions' });
  // Two name matches, then the brand match, then "See all results".
  await expect(list.getByRole('option')).toHaveCount(4);
  await expect(list.getByRole('option').nth(2)).toContainText('Plain wall plugs');
  await expect(list.getByRole('option').last()).toHaveText(`See all results for “${word.slice(0, 5)}”`);
  await expect(box).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('status').filter({ hasText: '3 suggestions' })).toHaveCount(1);
  await expectNoSeriousAxeViolations(page);

  await box.press('ArrowDown');
  const first = list.getByRole('option').first();
  await expect(first).toHaveAttribute('aria-selected', 'true');
  await expect(box).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id'))!);
  const chosen = (await first.locator('span').first().textContent())!;

  await box.press('Escape');
  await expect(box).toHaveAttribute('aria-expanded', 'false');
  await box.press('ArrowDown');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/product\//);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(chosen);
});

test('Enter opens the results; the URL reproduces them in a new page; Back restores the previous search', async ({
  page,
  context,
}) => {
  test.slow(); // two pages and five searches
  const word = uniqueWord();
  await catalogWith(word);
  await page.goto('/');
  await appReady(page);

  await searchBox(page).fill(`${word} cable`);
  await searchBox(page).press('Enter');
  await expect(page).toHaveURL(new RegExp(`/all-products\\?q=${word}\\+cable$`));
  await expect(page.getByRole('heading', { name: `Results for "${word} cable"` })).toBeVisible();
  await expect(page.getByTestId('search-count')).toHaveText('1 product');
  const card = page.getByTestId('product-card');
  await expect(card).toHaveCount(1);
  await expect(card.locator('mark')).toHaveText([cap(word), 'cable']);

  // A typo (one letter missing) finds all three; the table view goes into the URL too.
  const typo = word.slice(0, 4) + word.slice(5);
  await searchBox(page).fill(typo);
  await searchBox(page).press('Enter');
  await expect(page.getByRole('heading', { name: `Results for "${typo}"` })).toBeVisible();
  await expect(page.getByTestId('search-count')).toHaveText('3 products');
  await page.getByRole('button', { name: 'Table View' }).click();
  await expect(page.getByTestId('product-row')).toHaveCount(3);
  const rows = await page.getByTestId('product-row').allTextContents();
  await expectNoSeriousAxeViolations(page);

  const copy = await context.newPage();
  await copy.goto(page.url());
  await appReady(copy);
  await expect(copy.getByRole('heading', { name: `Results for "${typo}"` })).toBeVisible();
  await expect(copy.getByRole('button', { name: 'Table View' })).toHaveAttribute('aria-pressed', 'true');
  await expect(copy.getByTestId('product-row')).toHaveCount(3);
  expect(await copy.getByTestId('product-row').allTextContents()).toEqual(rows);
  await expect(searchBox(copy)).toHaveValue(typo);
  await copy.close();

  await page.goBack(); // the card view of the typo search
  await page.goBack(); // the first search
  await expect(page.getByRole('heading', { name: `Results for "${word} cable"` })).toBeVisible();
  await expect(page.getByTestId('product-card')).toHaveCount(1);
  await expect(searchBox(page)).toHaveValue(`${word} cable`);

  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(page).toHaveURL(/\/all-products$/);
  await expect(searchBox(page)).toHaveValue('');
});

test('no match says so and offers to clear the search', async ({ page }) => {
  const word = uniqueWord();
  await page.goto(`/all-products?q=${word}`);
  await appReady(page);
  await expect(page.getByRole('heading', { name: `No products match "${word}"` })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page.getByRole('button', { name: 'Clear search' }).last().click();
  await expect(page).toHaveURL(/\/all-products$/);
  await expect(page.getByTestId('product-card').first()).toBeVisible();
});
