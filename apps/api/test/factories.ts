import { randomBytes } from 'node:crypto';
import type { CartItem, ProductInput } from '@bulkwise/contracts';
import { createTokenService, type AuthUser } from '../src/modules/auth/tokens';
import { TEST_JWT_SECRET, type TestApp } from './build-test-app';

/** A user of the tests; `emailVerified` (default true) is what their POST /jwt would have recorded. */
export type TestUser = AuthUser & { emailVerified?: boolean };

export function makeUser(label = 'user', options: { emailVerified?: boolean } = {}): TestUser {
  const id = randomBytes(4).toString('hex');
  return {
    uid: `${label}-${id}`,
    email: `${label}-${id}@example.com`,
    name: `${label} ${id}`,
    emailVerified: options.emailVerified ?? true,
  };
}

export function productInput(overrides: Partial<ProductInput> = {}): ProductInput {
  return {
    image: 'https://images.example.com/bolts.jpg',
    name: 'Galvanised bolts M10',
    brandName: 'Fastenco',
    category: 'Industrial Machinery & Tools',
    description: 'Box of 250, zinc plated.',
    mainQuantity: 1000,
    minSellingQuantity: 10,
    price: 12.5,
    rating: 4.3,
    ...overrides,
  };
}

export const bearer = async (t: TestApp, user: AuthUser) => ({
  authorization: `Bearer ${await t.tokenFor(user)}`,
});

/** API tokens for `user` the API must refuse: one that expired an hour ago, one signed with another secret. */
export async function refusedTokens(user: AuthUser) {
  const expired = createTokenService({
    secret: TEST_JWT_SECRET,
    ttlSeconds: 60,
    now: () => Date.now() - 3_600_000,
  });
  const forged = createTokenService({
    secret: 'an-attacker-secret-that-is-also-long-enough!!',
    ttlSeconds: 600,
  });
  return { expired: await expired.issue(user), forged: await forged.issue(user) };
}

/** The API's error body: the spec's `error` repeats the `message`. */
export const errorBody = (code: string, message: string) => ({ code, message, error: message });

/** A request as `user` (no token when null), with a JSON body when `payload` is given. */
export async function call(
  t: TestApp,
  user: AuthUser | null,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method,
    url,
    headers: { ...(user ? await bearer(t, user) : {}), ...headers },
    ...(payload ? { payload } : {}),
  });
}

/** The JSON of `res` when it answered `status`; throws with `what` and the body otherwise. */
export function jsonIf<T>(
  res: { statusCode: number; body: string; json(): unknown },
  status: number,
  what: string,
): T {
  if (res.statusCode !== status) throw new Error(`${what} failed: ${res.statusCode} ${res.body}`);
  return res.json() as T;
}

/** Creates a product through the API as `owner`; returns its JSON. */
export async function createProduct(t: TestApp, owner: AuthUser, overrides: Partial<ProductInput> = {}) {
  const res = await call(t, owner, 'POST', '/api/products', productInput(overrides));
  return jsonIf<{
    _id: string;
    supplierId: string;
    mainQuantity: number;
    minSellingQuantity: number;
    price: number;
  }>(res, 201, 'create product');
}

/** A new supplier (named after `label`) who lists one product (`overrides` on the usual input). */
export async function supplierWithProduct(
  t: TestApp,
  overrides: Partial<ProductInput> = {},
  label = 'supplier',
) {
  const supplier = makeUser(label);
  const product = await createProduct(t, supplier, overrides);
  return { supplier, product, supplierId: product.supplierId };
}

/** GET /cart?email= as `user`: their cart lines. */
export async function cartLines(t: TestApp, user: AuthUser): Promise<CartItem[]> {
  return (
    await call(t, user, 'GET', `/api/cart?email=${encodeURIComponent(user.email)}`)
  ).json() as CartItem[];
}

/** PUT /products/:id as `user` with the usual input and `overrides`; answers the response. */
export async function updateProduct(
  t: TestApp,
  user: AuthUser,
  productId: string,
  overrides: Partial<ProductInput> = {},
) {
  return call(t, user, 'PUT', `/api/products/${productId}`, productInput(overrides));
}

export const purchaseBody = (quantity: number) => ({
  quantity,
  address: '14 Harbour Road, Bristol',
  phone: '+44 117 496 0123',
});

export async function purchase(
  t: TestApp,
  buyer: AuthUser,
  productId: string,
  quantity: number,
  headers: Record<string, string> = {},
) {
  return call(t, buyer, 'POST', `/api/products/purchase/${productId}`, purchaseBody(quantity), headers);
}

/** Buys `quantity` of `productId` as `buyer` and answers the new order's id (throws otherwise). */
export async function placeOrder(
  t: TestApp,
  buyer: AuthUser,
  productId: string,
  quantity: number,
): Promise<string> {
  return jsonIf<{ cartItemId: string }>(await purchase(t, buyer, productId, quantity), 200, 'purchase')
    .cartItemId;
}

/** POST /orders/:id/<move> as `user` (no token when null). */
export async function moveOrder(
  t: TestApp,
  user: AuthUser | null,
  id: string,
  move: string,
  payload?: object,
) {
  return call(t, user, 'POST', `/api/orders/${id}/${move}`, payload);
}
