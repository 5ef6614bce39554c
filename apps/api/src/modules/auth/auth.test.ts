import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/use-test-app';
import { craftIdToken, signInWithGoogle, signUpWithPassword } from '../../../test/firebase-emulator';
import { createTokenService } from './tokens';

const t = useTestApp();

const exchange = (idToken: string | undefined, body: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/jwt',
    headers: idToken ? { authorization: `Bearer ${idToken}` } : {},
    payload: body as object,
  });

describe('POST /api/jwt', () => {
  it('exchanges a real emulator ID token for an API token that opens secured endpoints', async () => {
    const user = await signUpWithPassword('Dana Supplier');
    const res = await exchange(user.idToken, { email: user.email, uid: user.uid });
    expect(res.statusCode).toBe(200);
    const { token, expiresIn } = res.json();
    expect(typeof token).toBe('string');
    expect(expiresIn).toBe(t.config.tokenTtlSeconds);

    const cart = await t.app.inject({
      method: 'GET',
      url: `/api/cart?email=${encodeURIComponent(user.email)}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(cart.statusCode).toBe(200);
    expect(cart.json()).toEqual([]);
  });

  it('carries the Firebase display name into the products the user creates', async () => {
    const user = await signUpWithPassword('Dana Supplier');
    const { token } = (await exchange(user.idToken, { email: user.email, uid: user.uid })).json();
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: { authorization: `Bearer ${token}` },
      payload: {
        image: 'https://example.com/a.png',
        name: 'Cable ties',
        brandName: 'Tie Co',
        category: 'Industrial Machinery & Tools',
        description: 'Nylon, 200 mm',
        mainQuantity: 1000,
        minSellingQuantity: 100,
        price: 0.05,
        rating: 4.1,
      },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ userName: 'Dana Supplier', userEmail: user.email });
  });

  it('accepts an ID token of a Google sign-in', async () => {
    const user = await signInWithGoogle();
    const res = await exchange(user.idToken, { email: user.email, uid: user.uid });
    expect(res.statusCode).toBe(200);
  });

  it('refuses without an ID token', async () => {
    const res = await exchange(undefined, { email: 'a@example.com', uid: 'abc' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({
      code: 'UNAUTHORIZED',
      message: expect.any(String),
      error: expect.any(String),
    });
    expect(res.json().token).toBeUndefined();
  });

  it('refuses a token whose user is not the one the body names', async () => {
    const user = await signUpWithPassword();
    const other = await signUpWithPassword();
    const wrongEmail = await exchange(user.idToken, { email: other.email, uid: user.uid });
    const wrongUid = await exchange(user.idToken, { email: user.email, uid: other.uid });
    expect(wrongEmail.statusCode).toBe(401);
    expect(wrongUid.statusCode).toBe(401);
  });

  it('refuses forged, expired and garbage ID tokens', async () => {
    const user = await signUpWithPassword();
    const now = Math.floor(Date.now() / 1000);
    const claims = {
      iss: `https://securetoken.google.com/${t.config.firebaseProjectId}`,
      aud: t.config.firebaseProjectId,
      auth_time: now - 10,
      sub: user.uid,
      user_id: user.uid,
      email: user.email,
      iat: now - 10,
      exp: now + 3600,
      firebase: { identities: {}, sign_in_provider: 'password' },
    };
    const cases = {
      garbage: 'not-a-token',
      expired: craftIdToken({ ...claims, iat: now - 7200, exp: now - 3600 }),
      otherProject: craftIdToken({
        ...claims,
        aud: 'demo-other',
        iss: 'https://securetoken.google.com/demo-other',
      }),
      unknownUser: craftIdToken({ ...claims, sub: 'no-such-user', user_id: 'no-such-user' }),
    };
    for (const [name, idToken] of Object.entries(cases)) {
      const uid = name === 'unknownUser' ? 'no-such-user' : user.uid;
      const res = await exchange(idToken, { email: user.email, uid });
      expect(res.statusCode, name).toBe(401);
      expect(res.json().token, name).toBeUndefined();
    }
  });

  it('rejects a malformed body with 400 naming the field', async () => {
    const user = await signUpWithPassword();
    const res = await exchange(user.idToken, { email: 'not-an-email', uid: user.uid });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { email: expect.any(String) } });
  });
});

describe('API tokens', () => {
  const user = { uid: 'u1', email: 'u1@example.com', name: 'U One' };

  it('expire after their lifetime', async () => {
    let now = Date.now();
    const tokens = createTokenService({ secret: 'x'.repeat(40), ttlSeconds: 60, now: () => now });
    const token = await tokens.issue(user);
    await expect(tokens.verify(token)).resolves.toMatchObject({ uid: 'u1' });
    now += 61_000;
    await expect(tokens.verify(token)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('signed with another secret are refused', async () => {
    const ours = createTokenService({ secret: 'x'.repeat(40), ttlSeconds: 60 });
    const theirs = createTokenService({ secret: 'y'.repeat(40), ttlSeconds: 60 });
    await expect(ours.verify(await theirs.issue(user))).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });
});
