import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { bearer, makeUser } from '../../../test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const get = async (user: ReturnType<typeof makeUser>) =>
  t.app.inject({ method: 'GET', url: '/api/settings', headers: await bearer(t, user) });
const put = async (user: ReturnType<typeof makeUser>, payload: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/settings',
    headers: await bearer(t, user),
    payload: payload as object,
  });

describe('GET/PUT /api/settings', () => {
  it('needs a signed-in user', async () => {
    for (const method of ['GET', 'PUT'] as const) {
      const res = await t.app.inject({
        method,
        url: '/api/settings',
        payload: method === 'PUT' ? { emailNotifications: false } : undefined,
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    }
  });

  it('has order emails on by default, stores a change, and keeps each user’s own choice', async () => {
    const alice = makeUser('alice');
    const bob = makeUser('bob');
    expect((await get(alice)).json()).toEqual({ emailNotifications: true, lowStockEmails: true });
    const saved = await put(alice, { emailNotifications: false });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ emailNotifications: false, lowStockEmails: true });
    expect((await get(alice)).json()).toEqual({ emailNotifications: false, lowStockEmails: true });
    expect((await get(bob)).json()).toEqual({ emailNotifications: true, lowStockEmails: true });
    expect((await put(alice, { emailNotifications: true })).json()).toEqual({
      emailNotifications: true,
      lowStockEmails: true,
    });
    expect((await get(alice)).json()).toEqual({ emailNotifications: true, lowStockEmails: true });
  });

  it('turns low-stock emails off and on without touching order emails', async () => {
    const dan = makeUser('dan');
    await put(dan, { emailNotifications: false });
    expect((await put(dan, { lowStockEmails: false })).json()).toEqual({
      emailNotifications: false,
      lowStockEmails: false,
    });
    expect((await get(dan)).json()).toEqual({ emailNotifications: false, lowStockEmails: false });
    expect((await put(dan, { emailNotifications: true })).json()).toEqual({
      emailNotifications: true,
      lowStockEmails: false,
    });
  });

  it.each([
    {},
    { lowStockEmails: 'off' },
    { emailNotifications: 'no' },
    { emailNotifications: null },
    { emailNotifications: true, uid: 'someone-else' },
    [],
  ])('refuses %j with a 400 and stores nothing', async (body) => {
    const user = makeUser('carol');
    await put(user, { emailNotifications: false });
    const res = await put(user, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect((await get(user)).json()).toEqual({ emailNotifications: false, lowStockEmails: true });
  });
});
