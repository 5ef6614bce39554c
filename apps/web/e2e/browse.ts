import type { Category, Product } from '@bulkwise/contracts';
import { expect, type Page, type Route } from '@playwright/test';
import { API } from './fixtures';

/** Helpers of the browse-and-buy journeys (home, categories, all products, product). */
export async function getCategories(): Promise<Category[]> {
  const res = await fetch(`${API}/categories`);
  if (!res.ok) throw new Error(`GET /api/categories: ${res.status}`);
  return (await res.json()) as Category[];
}

/** Opens a product's page and waits until it is interactive. */
export async function openProduct(page: Page, productId: string) {
  await page.goto(`/product/${productId}`);
  await appReady(page);
}

/** Answers an intercepted API call with `status` and an error body of the API's shape, `code` in it. */
export const answerApiError = (status: number, code: string) => (route: Route) =>
  route.fulfill({
    status,
    contentType: 'application/json',
    body: JSON.stringify({ code, message: 'x', error: 'x' }),
  });

/** Answers an intercepted list call (categories) with an empty list. */
export const answerEmptyList = (route: Route) =>
  route.fulfill({ status: 200, contentType: 'application/json', body: '[]' });

/** Answers a GET /api/products call with an empty list, as an empty catalogue would. */
export const answerNoProducts = (route: Route) =>
  route.fulfill({
    status: 200,
    contentType: 'application/json',
    headers: { 'x-total-count': '0' },
    body: '[]',
  });

/** True for GET /api/products list calls (not /api/products/:id). */
export const isProductList = (url: URL) => url.pathname === '/api/products';

/**
 * The next GET /api/products answer the page receives (other tests add products in parallel, so
 * a page is compared with what it was given, not with a separate read).
 */
export function productListResponse(page: Page, match: (url: URL) => boolean = () => true) {
  return page
    .waitForResponse((res) => {
      const url = new URL(res.url());
      return isProductList(url) && res.request().method() === 'GET' && res.ok() && match(url);
    })
    .then(async (res) => ({
      items: (await res.json()) as Product[],
      total: Number(res.headers()['x-total-count']),
    }));
}

/** The next GET /api/categories answer the page receives. */
export function categoriesResponse(page: Page) {
  return page
    .waitForResponse((res) => new URL(res.url()).pathname === '/api/categories' && res.ok())
    .then(async (res) => (await res.json()) as Category[]);
}

/** The startup overlay has gone: the page underneath is interactive. */
export async function appReady(page: Page) {
  await expect(page.getByTestId('startup-overlay')).toHaveCount(0, { timeout: 15_000 });
}

/** The open SweetAlert2 popup. */
export const swal = (page: Page) => page.locator('.swal2-popup');

/** Prices shown in the list, in page order ("$1,234.50" -> 1234.5). */
export async function shownPrices(page: Page): Promise<number[]> {
  const texts = await page.getByTestId('product-price').allTextContents();
  return texts.map((t) => Number(t.replace(/[^0-9.]/g, '')));
}
