import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { authPlugin } from './auth';
import { errorHandlerPlugin } from './error-handler';
import { securedScope } from './secured';
import { createTokenService } from '../modules/auth/tokens';

const limit = { max: 100, timeWindow: '1 minute', hook: 'preHandler' as const };
const tokens = createTokenService({ secret: 'a-test-secret-that-is-long-enough-0123456789', ttlSeconds: 60 });

async function appWith(routes: Parameters<typeof securedScope>[1]) {
  const app = Fastify();
  await app.register(errorHandlerPlugin);
  await app.register(authPlugin, { tokens });
  await app.register(securedScope(limit, routes));
  return app;
}

describe('the secured scope', () => {
  it('refuses at start-up a route that does not declare itself secured', async () => {
    await expect(
      appWith(async (scope) => {
        scope.get('/forgot', async () => 'open');
      }),
    ).rejects.toThrow('GET /forgot: a secured route spreads secured.read or secured.write');
  });

  it('answers 401 before the handler runs when the token is missing or wrong, and hands it the user otherwise', async () => {
    let ran = false;
    const app = await appWith(async (scope, secured) => {
      scope.get('/mine', { ...secured.read }, async (req) => {
        ran = true;
        return req.user.uid;
      });
    });
    expect((await app.inject({ url: '/mine' })).statusCode).toBe(401);
    expect((await app.inject({ url: '/mine', headers: { authorization: 'Bearer nope' } })).statusCode).toBe(
      401,
    );
    expect(ran).toBe(false);
    const token = await tokens.issue({ uid: 'u-1', email: 'u1@example.com', name: 'U' });
    const ok = await app.inject({ url: '/mine', headers: { authorization: `Bearer ${token}` } });
    expect(ok.body).toBe('u-1');
    await app.close();
  });
});
