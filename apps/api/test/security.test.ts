import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config/env';
import { loggerOptions } from '../src/logger';
import type { IdTokenVerifier } from '../src/modules/auth/firebase-verifier';
import { createTokenService } from '../src/modules/auth/tokens';
import { TEST_JWT_SECRET, testConfig } from './build-test-app';
import { useTestApp } from './use-test-app';
import { call, createProduct, makeUser, productInput, refusedTokens, type TestUser } from './factories';

let webDir: string;
const extraApps: Array<{ close(): Promise<unknown> }> = [];

/** Another app on the same database, built with its own config (and logger). */
async function appWith(
  config: Partial<Config>,
  logger?: Parameters<typeof buildApp>[0]['logger'],
  verifier?: IdTokenVerifier,
) {
  const app = await buildApp({
    config: testConfig(config),
    database: t.database,
    jwtSecret: TEST_JWT_SECRET,
    logger,
    verifier,
  });
  await app.ready();
  extraApps.push(app);
  return app;
}

/** What Firebase answers for `user`, signed in with a password just now. */
const signedInWithPassword = (user: TestUser): Awaited<ReturnType<IdTokenVerifier['verify']>> => ({
  uid: user.uid,
  email: user.email,
  emailVerified: true,
  name: user.name,
  issuedAt: Math.floor(Date.now() / 1000),
  provider: 'password',
});

const t = useTestApp();
beforeAll(async () => {
  webDir = mkdtempSync(path.join(tmpdir(), 'bulkwise-security-'));
  writeFileSync(
    path.join(webDir, 'index.html'),
    '<!doctype html><script>alert(1)</script><div id="root"></div>',
  );
});
afterAll(async () => {
  for (const app of extraApps) await app.close();
  if (webDir) rmSync(webDir, { recursive: true, force: true });
});

describe('product image URLs', () => {
  const HOSTILE_IMAGES = [
    'javascript:alert(1)',
    'JaVaScRiPt:alert(document.cookie)',
    '  javascript:alert(1)',
    'java\tscript:alert(1)',
    'javascript://example.com/%0aalert(1)',
    'data:image/png;base64,iVBORw0KGgo=',
    'data:text/html,<script>alert(1)</script>',
    'DATA:image/svg+xml,<svg onload=alert(1)>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'blob:https://example.com/0b0c',
    '//evil.example/x.png',
    '/\\evil.example/x.png',
  ];

  it.each(HOSTILE_IMAGES)('refuses %j on create and on update, storing nothing', async (image) => {
    const owner = makeUser('supplier');
    const product = await createProduct(t, owner);
    const created = await call(t, owner, 'POST', '/api/products', productInput({ image }));
    const updated = await call(t, owner, 'PUT', `/api/products/${product._id}`, productInput({ image }));
    for (const refused of [created, updated]) {
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: { image: expect.any(String) },
      });
    }
    const stored = (await t.app.inject({ method: 'GET', url: `/api/products/${product._id}` })).json();
    expect(stored.image).toBe(productInput().image);
    const mine = await call(t, owner, 'GET', `/api/products?email=${encodeURIComponent(owner.email)}`);
    expect(mine.json()).toHaveLength(1);
  });

  it.each(['https://cdn.example.com/a.png', 'http://example.com/b.jpg?w=200', '/images/products/c.svg'])(
    'accepts http(s) URLs and the app-relative images of the seed: %s',
    async (image) => {
      const res = await call(t, makeUser('supplier'), 'POST', '/api/products', productInput({ image }));
      expect(res.statusCode, image).toBe(201);
    },
  );
});

describe('security headers', () => {
  const directives = (csp: string) =>
    new Map(
      csp
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .filter((parts) => parts[0])
        .map(([name, ...values]) => [name!, values]),
    );

  it('the SPA page and the API forbid inline script, framing, sniffing and full referrers', async () => {
    const app = await appWith({ webDistDir: webDir });
    for (const url of ['/', '/products/some-id', '/api/health', '/api/products', '/api/nope']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBeLessThan(500);
      const csp = directives(String(res.headers['content-security-policy']));
      const scriptSrc = csp.get('script-src') ?? csp.get('default-src')!;
      expect(scriptSrc, url).not.toContain("'unsafe-inline'");
      expect(scriptSrc, url).not.toContain("'unsafe-eval'");
      expect(
        scriptSrc.some((s) => s === '*' || s === 'data:' || s === 'http:' || s === 'https:'),
        url,
      ).toBe(false);
      expect(csp.get('script-src-attr'), url).toEqual(["'none'"]);
      expect(csp.get('object-src'), url).toEqual(["'none'"]);
      expect(csp.get('frame-ancestors'), url).toEqual(["'none'"]);
      expect(csp.get('base-uri'), url).toEqual(["'self'"]);
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
    }
    const page = await app.inject({ method: 'GET', url: '/' });
    expect(page.headers['content-type']).toMatch(/^text\/html/);
  });

  it('sends HSTS only with the production config', async () => {
    const production = await appWith({ env: 'production', authEmulatorHost: undefined });
    const hsts = (await production.inject({ method: 'GET', url: '/api/health' })).headers[
      'strict-transport-security'
    ];
    expect(hsts).toMatch(/max-age=\d{7,}/);
    expect(hsts).toContain('includeSubDomains');
    for (const env of ['test', 'development'] as const) {
      const app = env === 'test' ? t.app : await appWith({ env });
      expect(
        (await app.inject({ method: 'GET', url: '/api/health' })).headers['strict-transport-security'],
        env,
      ).toBeUndefined();
    }
  });

  it('gives no CORS grant to a foreign origin', async () => {
    const simple = await t.app.inject({
      method: 'GET',
      url: '/api/products',
      headers: { origin: 'https://evil.example' },
    });
    expect(simple.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/products',
      headers: {
        origin: 'https://evil.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization',
      },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('API token lifetime', () => {
  it('defaults to 3600 s, configurable within 60 s and 24 h', () => {
    expect(loadConfig({ NODE_ENV: 'test', DATABASE_URL: 'postgres://h/db' }).tokenTtlSeconds).toBe(3600);
    expect(
      loadConfig({ NODE_ENV: 'test', DATABASE_URL: 'postgres://h/db', TOKEN_TTL_SECONDS: '900' })
        .tokenTtlSeconds,
    ).toBe(900);
    expect(() => loadConfig({ NODE_ENV: 'test', TOKEN_TTL_SECONDS: '0' })).toThrow(/TOKEN_TTL_SECONDS/);
    expect(() => loadConfig({ NODE_ENV: 'test', TOKEN_TTL_SECONDS: '86401' })).toThrow(/TOKEN_TTL_SECONDS/);
  });

  it('POST /jwt issues a token that expires after TOKEN_TTL_SECONDS, and says so', async () => {
    const user = makeUser('buyer');
    const verifier: IdTokenVerifier = { verify: async () => signedInWithPassword(user) };
    const app = await appWith({ tokenTtlSeconds: 900 }, undefined, verifier);
    const res = await app.inject({
      method: 'POST',
      url: '/api/jwt',
      headers: { authorization: 'Bearer firebase-id-token' },
      payload: { email: user.email, uid: user.uid },
    });
    expect(res.statusCode).toBe(200);
    const { token, expiresIn } = res.json() as { token: string; expiresIn: number };
    expect(expiresIn).toBe(900);
    const claims = decodeJwt(token);
    expect(claims.exp! - claims.iat!).toBe(900);
    expect(claims).toMatchObject({ sub: user.uid, iss: 'bulkwise-api', aud: 'bulkwise-web' });
  });

  it('accepts a token until it expires and refuses it after, with the session message', async () => {
    const user = makeUser('buyer');
    const ttl = t.config.tokenTtlSeconds;
    const issuedAgo = (seconds: number) =>
      createTokenService({
        secret: TEST_JWT_SECRET,
        ttlSeconds: ttl,
        now: () => Date.now() - seconds * 1000,
      }).issue(user);
    const cart = async (token: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/cart?email=${encodeURIComponent(user.email)}`,
        headers: { authorization: `Bearer ${token}` },
      });

    expect((await cart(await issuedAgo(ttl - 30))).statusCode).toBe(200);
    const expired = await cart(await issuedAgo(ttl + 1));
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toMatchObject({
      code: 'UNAUTHORIZED',
      message: 'Your session has expired. Please sign in again.',
    });
  });
});

describe('logs', () => {
  it('never contain a bearer token, whatever the request', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const user = makeUser('buyer');
    const firebaseIdToken = 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJmaXJlYmFzZS11c2VyIn0.firebase-signature-part';
    const verifier: IdTokenVerifier = {
      verify: async (idToken) => {
        if (idToken !== firebaseIdToken) throw new Error(`bad token ${idToken}`);
        return signedInWithPassword(user);
      },
    };
    const app = await appWith({}, { ...loggerOptions('trace'), stream }, verifier);
    const apiToken = await t.tokenFor(user);
    const { expired: expiredToken, forged: forgedToken } = await refusedTokens(user);
    const secrets = [apiToken, expiredToken, forgedToken, firebaseIdToken];

    const cartUrl = `/api/cart?email=${encodeURIComponent(user.email)}`;
    const issued = await app.inject({
      method: 'POST',
      url: '/api/jwt',
      headers: { authorization: `Bearer ${firebaseIdToken}` },
      payload: { email: user.email, uid: user.uid },
    });
    expect(issued.statusCode).toBe(200);
    secrets.push((issued.json() as { token: string }).token);
    for (const token of secrets) {
      for (const headers of [
        { authorization: `Bearer ${token}` },
        { authorization: `Bearer ${token}`, cookie: `session=${token}` },
      ]) {
        await app.inject({ method: 'GET', url: cartUrl, headers });
        await app.inject({ method: 'POST', url: '/api/products', headers, payload: { broken: true } });
        await app.inject({
          method: 'POST',
          url: '/api/jwt',
          headers,
          payload: { email: user.email, uid: user.uid },
        });
        await app.inject({ method: 'DELETE', url: '/api/cart/%ff', headers });
      }
    }
    // A line that carries headers (under any key) goes through the same redaction.
    app.log.info(
      { req: { headers: { authorization: `Bearer ${apiToken}`, cookie: apiToken } } },
      'a request with headers',
    );
    app.log.info(
      { request: { headers: { authorization: `Bearer ${apiToken}`, cookie: apiToken } } },
      'nested headers',
    );
    app.log.info({ headers: { authorization: `Bearer ${apiToken}` } }, 'bare headers');

    const log = lines.join('');
    expect(lines.length).toBeGreaterThan(20);
    expect(log).toContain('incoming request');
    for (const secret of secrets) {
      expect(log).not.toContain(secret);
      expect(log).not.toContain(secret.split('.')[2]!);
    }
    expect(log.match(/\[Redacted\]/g)?.length).toBeGreaterThanOrEqual(3);
  });
});
