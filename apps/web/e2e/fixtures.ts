import { randomBytes, randomUUID } from 'node:crypto';
import { test as base, expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import type { OwnProduct, ProductInput } from '@bulkwise/contracts';
import { authEmulatorPost } from '../../../scripts/lib/auth-emulator.mjs';
import { E2E_AUTH_EMULATOR_PORT, E2E_BASE_URL } from '../../../scripts/lib/e2e-stack.mjs';

/**
 * Shared helpers of the browser journeys. Each test makes its own users (through the Auth emulator's
 * REST API, as the web SDK would) and its own products (through the API), so tests never depend on
 * each other or on the demo data's current stock.
 */
const EMULATOR_HOST = `127.0.0.1:${E2E_AUTH_EMULATOR_PORT}`;
/** The emulator's project under `npm start` (scripts/stack.mjs PROJECT_ID). */
const PROJECT_ID = 'demo-bulkwise';
/** The API of the stack the journeys run against. */
export const API = `${E2E_BASE_URL}/api`;

export interface TestUser {
  uid: string;
  email: string;
  password: string;
  displayName: string;
}

const emulator = (path: string, body: unknown) => authEmulatorPost(EMULATOR_HOST, path, body);

/**
 * Marks the account's address verified, as opening Firebase's verification link would (the emulator's
 * admin API, which the `owner` credential opens).
 */
async function markEmailVerified(uid: string) {
  const res = await fetch(
    `http://${EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/projects/${PROJECT_ID}/accounts:update`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
      body: JSON.stringify({ localId: uid, emailVerified: true }),
    },
  );
  if (!res.ok) throw new Error(`emulator accounts:update: ${res.status} ${await res.text()}`);
}

/**
 * A new account with a display name and photo, created in the Auth emulator. Its address is verified
 * unless `verified: false` (order emails go only to verified addresses, decision 0019).
 */
export async function createUser(
  label = 'buyer',
  { verified = true }: { verified?: boolean } = {},
): Promise<TestUser> {
  const id = randomBytes(4).toString('hex');
  const email = `${label}-${id}@e2e.test`;
  const password = 'Strong#Pass1';
  const displayName = `${label[0]!.toUpperCase()}${label.slice(1)} ${id}`;
  const created = await emulator('/accounts:signUp', { email, password, returnSecureToken: true });
  await emulator('/accounts:update', {
    idToken: created.idToken,
    displayName,
    photoUrl: `${E2E_BASE_URL}/images/avatars/default-avatar.svg`,
  });
  if (verified) await markEmailVerified(created.localId as string);
  return { uid: created.localId as string, email, password, displayName };
}

/** The API token of `user`, exchanged like the web app does (Firebase ID token -> POST /api/jwt). */
export async function apiToken(user: TestUser): Promise<string> {
  const signedIn = await emulator('/accounts:signInWithPassword', {
    email: user.email,
    password: user.password,
    returnSecureToken: true,
  });
  const res = await fetch(`${API}/jwt`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${signedIn.idToken as string}` },
    body: JSON.stringify({ email: user.email, uid: user.uid }),
  });
  if (!res.ok) throw new Error(`POST /api/jwt: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

export function productInput(overrides: Partial<ProductInput> = {}): ProductInput {
  return {
    image: '/images/placeholder.svg',
    name: `E2E Crate ${randomBytes(3).toString('hex')}`,
    brandName: 'Testbrand',
    category: 'Office Supplies & Stationery',
    description: 'Made by a browser test.',
    mainQuantity: 500,
    minSellingQuantity: 20,
    price: 2.5,
    rating: 4.2,
    ...overrides,
  };
}

/** Creates a product owned by `owner` through the API. */
export async function createProduct(
  owner: TestUser,
  overrides: Partial<ProductInput> = {},
): Promise<OwnProduct> {
  const res = await fetch(`${API}/products`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${await apiToken(owner)}` },
    body: JSON.stringify(productInput(overrides)),
  });
  if (res.status !== 201) throw new Error(`POST /api/products: ${res.status} ${await res.text()}`);
  return (await res.json()) as OwnProduct;
}

/**
 * The cast of most trading journeys: a new supplier with one product (`overrides` on `productInput`'s
 * defaults) and a new buyer.
 */
export async function supplierProductBuyer(overrides: Partial<ProductInput> = {}) {
  const { supplier, buyer } = await supplierAndBuyer();
  return { supplier, buyer, product: await createProduct(supplier, overrides) };
}

/** A new supplier and a new buyer. */
export async function supplierAndBuyer() {
  return { supplier: await createUser('supplier'), buyer: await createUser('buyer') };
}

/** The stacking crates the order journeys trade: 500 in stock, sold from 20 at $2.50. */
export const stackingCrates = (): Partial<ProductInput> => ({
  name: `Stacking crates ${Date.now()}`,
  mainQuantity: 500,
  minSellingQuantity: 20,
  price: 2.5,
});

/** The pallet wrap the order journeys trade next to the crates, at $12 a roll. */
export const palletWrap = (overrides: Partial<ProductInput>): Partial<ProductInput> => ({
  name: `Pallet wrap ${Date.now()}`,
  price: 12,
  ...overrides,
});

/**
 * A purchase straight through the API with the buyer's token (another client, or a journey's setup
 * where the product page is not what it tests); answers the stock left (`updatedQuantity`).
 */
export async function buyThroughApi(buyer: TestUser, productId: string, quantity: number): Promise<number> {
  const res = await fetch(`${API}/products/purchase/${productId}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${await apiToken(buyer)}`,
      'idempotency-key': `e2e-${randomUUID()}`,
    },
    body: JSON.stringify({ quantity, address: '9 Wharf St, Hull', phone: '+44 1482 000000' }),
  });
  if (!res.ok) throw new Error(`POST /api/products/purchase: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { updatedQuantity: number }).updatedQuantity;
}

/** Reads a product straight from the API (what another client would see). */
export async function fetchProduct(
  id: string,
): Promise<{ mainQuantity: number; name: string; price: number }> {
  const res = await fetch(`${API}/products/${id}`);
  if (!res.ok) throw new Error(`GET /api/products/${id}: ${res.status}`);
  return (await res.json()) as { mainQuantity: number; name: string; price: number };
}

/** Signs in through the login page and waits until the app is back on `/` (or `expectUrl`). */
export async function signIn(page: Page, user: TestUser, expectUrl: string | RegExp = /\/$/) {
  await page.goto('/login');
  await page.getByLabel('Email address').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('Successfully logged in!')).toBeVisible();
  await letSuccessDialogClose(page);
  await expect(page).toHaveURL(expectUrl);
  // The navbar shows the signed-in sections (and Logout, at every width) once the API token is stored.
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Logout' }),
  ).toBeVisible();
}

/*
 * Time. Every full page load shows the startup overlay for 2 s and every success dialog stays 1.5 s
 * (spec section 9; the web's unit tests hold both). Waiting them out in real time was a third of
 * the journeys' time, so each page runs on Playwright's clock: time flows as usual, and the journeys
 * jump over those two waits only, once the page has started them. A jump fires every timer due within
 * it, so the startup jump waits until the overlay says the app beneath is ready (`data-state`): by then
 * the app's own short timers (the saved-user probe's 1 s limit) have answered in real time.
 */
const STARTUP_OVERLAY_MS = 2_000;
const SUCCESS_DIALOG_MS = 1_500;

/** Installs the clock on `context` and skips the startup wait after each of its pages' loads. */
async function withFastClock(context: BrowserContext): Promise<BrowserContext> {
  await context.clock.install();
  context.on('page', skipStartupOnLoad);
  for (const page of context.pages()) skipStartupOnLoad(page);
  return context;
}

const patched = new WeakSet<Page>();
function skipStartupOnLoad(page: Page) {
  if (patched.has(page)) return;
  patched.add(page);
  // goto and reload resolve on the load event, after the app has started the overlay's timer.
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await skipStartupOverlay(page);
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await skipStartupOverlay(page);
    return response;
  };
}

async function skipStartupOverlay(page: Page) {
  // Hidden also covers a page without JavaScript, whose overlay never leaves the markup.
  await expect(page.locator('[data-testid="startup-overlay"][data-state="starting"]')).toBeHidden();
  await page.clock.fastForward(STARTUP_OVERLAY_MS);
}

/** A success dialog (auto-closing) is on screen: let its time pass. */
export async function letSuccessDialogClose(page: Page) {
  await page.clock.fastForward(SUCCESS_DIALOG_MS);
}

/** A second browser window (another user), with the same clock as the test's own page. */
export async function newWindow(browser: Browser): Promise<BrowserContext> {
  return withFastClock(await browser.newContext({ baseURL: test.info().project.use.baseURL }));
}

export const test = base.extend({
  context: async ({ context }, use) => {
    await use(await withFastClock(context));
  },
});
export { expect };
