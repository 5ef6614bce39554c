import { randomBytes } from 'node:crypto';
import type { ProductInput } from '@bulkwise/contracts';
import type { AuthUser } from '../src/modules/auth/tokens';
import type { TestApp } from './build-test-app';

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

/** Creates a product through the API as `owner`; returns its JSON. */
export async function createProduct(t: TestApp, owner: AuthUser, overrides: Partial<ProductInput> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/products',
    headers: await bearer(t, owner),
    payload: productInput(overrides),
  });
  if (res.statusCode !== 201) throw new Error(`create product failed: ${res.statusCode} ${res.body}`);
  return res.json() as { _id: string; mainQuantity: number; minSellingQuantity: number; price: number };
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
  return t.app.inject({
    method: 'POST',
    url: `/api/products/purchase/${productId}`,
    headers: { ...(await bearer(t, buyer)), ...headers },
    payload: purchaseBody(quantity),
  });
}

/** Buys `quantity` of `productId` as `buyer` and answers the new order's id (throws otherwise). */
export async function placeOrder(
  t: TestApp,
  buyer: AuthUser,
  productId: string,
  quantity: number,
): Promise<string> {
  const res = await purchase(t, buyer, productId, quantity);
  if (res.statusCode !== 200) throw new Error(`purchase failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { cartItemId: string }).cartItemId;
}

/** POST /orders/:id/<move> as `user` (no token when null). */
export async function moveOrder(
  t: TestApp,
  user: AuthUser | null,
  id: string,
  move: string,
  payload?: object,
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/orders/${id}/${move}`,
    headers: user ? await bearer(t, user) : {},
    ...(payload ? { payload } : {}),
  });
}
