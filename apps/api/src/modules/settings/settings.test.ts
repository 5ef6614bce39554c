import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/use-test-app';
import { makeUser, call } from '../../../test/factories';

const NONE = { legalName: null, billingAddress: null, taxId: null };
/** The settings body: the two email choices and the business details. */
const settings = (emailNotifications: boolean, lowStockEmails: boolean, business: object = NONE) => ({
  emailNotifications,
  lowStockEmails,
  business,
});

const t = useTestApp();

const get = async (user: ReturnType<typeof makeUser>) => call(t, user, 'GET', '/api/settings');
const put = async (user: ReturnType<typeof makeUser>, payload: unknown) =>
  call(t, user, 'PUT', '/api/settings', payload as object);

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
    expect((await get(alice)).json()).toEqual(settings(true, true));
    const saved = await put(alice, { emailNotifications: false });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual(settings(false, true));
    expect((await get(alice)).json()).toEqual(settings(false, true));
    expect((await get(bob)).json()).toEqual(settings(true, true));
    expect((await put(alice, { emailNotifications: true })).json()).toEqual(settings(true, true));
    expect((await get(alice)).json()).toEqual(settings(true, true));
  });

  it('turns low-stock emails off and on without touching order emails', async () => {
    const dan = makeUser('dan');
    await put(dan, { emailNotifications: false });
    expect((await put(dan, { lowStockEmails: false })).json()).toEqual(settings(false, false));
    expect((await get(dan)).json()).toEqual(settings(false, false));
    expect((await put(dan, { emailNotifications: true })).json()).toEqual(settings(true, false));
  });

  it.each([
    {},
    { lowStockEmails: 'off' },
    { emailNotifications: 'no' },
    { emailNotifications: null },
    { emailNotifications: true, uid: 'someone-else' },
    [],
    { business: null },
    { business: { legalName: 'x'.repeat(201) } },
    { business: { billingAddress: 'x'.repeat(501) } },
    { business: { taxId: 'x'.repeat(51) } },
    { business: { taxId: 'GB1\u0000' } },
    { business: { legalName: 42 } },
    { business: { legalName: 'Acme', vatRate: 20 } },
  ])('refuses %j with a 400 and stores nothing', async (body) => {
    const user = makeUser('carol');
    await put(user, { emailNotifications: false });
    const res = await put(user, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect((await get(user)).json()).toEqual(settings(false, true));
  });

  it('stores the business details, trimmed, blank as not set, and keeps them apart from the emails', async () => {
    const sam = makeUser('sam');
    const saved = await put(sam, {
      business: { legalName: '  Acme Fasteners Ltd ', billingAddress: '2 Mill Lane\nLeeds', taxId: '' },
    });
    expect(saved.statusCode).toBe(200);
    const acme = { legalName: 'Acme Fasteners Ltd', billingAddress: '2 Mill Lane\nLeeds', taxId: null };
    expect(saved.json()).toEqual(settings(true, true, acme));
    await put(sam, { emailNotifications: false });
    expect((await get(sam)).json()).toEqual(settings(false, true, acme));
    // All three are replaced together: one left out is cleared.
    expect((await put(sam, { business: { taxId: 'GB987654321' } })).json()).toMatchObject({
      emailNotifications: false,
      business: { legalName: null, billingAddress: null, taxId: 'GB987654321' },
    });
    expect((await get(makeUser('other'))).json()).toMatchObject({ business: NONE });
  });
});
