import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { clearToken, getToken } from '@/lib/session';
import { apiError, json, mockApi } from '@/test/mock-api';
import { fakeClient, fakeUser } from '@/test/fake-auth-client';
import { SessionController } from './session-controller';

/** The session without React: a fake identity client, the real token store and the real api-client. */
function startSession() {
  const fake = fakeClient();
  const session = new SessionController({
    loadClient: async () => fake.client,
    hasPersistedUser: async () => true,
  });
  const stop = session.start();
  return { ...fake, session, stop };
}

/** A /api/jwt answer the test releases when it wants. */
function heldAnswer(token: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  return { release, answer: async () => (await released, json({ token, expiresIn: 3600 })) };
}

let server: ReturnType<typeof mockApi>;
const jwtCalls = () => server.calls.filter((call) => call.url.pathname === '/api/jwt');

beforeEach(() => {
  server = mockApi({ 'POST /api/jwt': () => json({ token: 'api-token', expiresIn: 3600 }) });
});
afterEach(() => clearToken());

describe('session controller', () => {
  it('stores the token of the newest exchange, even when an older one answers last', async () => {
    const { session, emit, raw, client } = startSession();
    await vi.waitFor(() => expect(client.onChange).toHaveBeenCalled());
    const older = heldAnswer('older-token');
    server.answer('POST /api/jwt', older.answer);
    emit(fakeUser());
    await vi.waitFor(() => expect(jwtCalls()).toHaveLength(1));

    // The address gets verified meanwhile: a forced exchange that answers at once.
    raw.reload.mockResolvedValueOnce(fakeUser({ emailVerified: true }));
    server.answer('POST /api/jwt', () => json({ token: 'newer-token', expiresIn: 3600 }));
    await expect(session.refreshEmailVerified()).resolves.toBe(true);
    expect(getToken()).toBe('newer-token');

    older.release();
    await vi.waitFor(() => expect(session.getState().loading).toBe(false));
    expect(getToken()).toBe('newer-token');
  });

  it('signing out while the api-client refreshes an expired token: the refreshed token is never stored', async () => {
    const { session, emit, client } = startSession();
    await vi.waitFor(() => expect(client.onChange).toHaveBeenCalled());
    emit(fakeUser());
    await vi.waitFor(() => expect(getToken()).toBe('api-token'));

    const refresh = heldAnswer('refreshed-token');
    server.answer('POST /api/jwt', refresh.answer);
    server.answer('GET /api/cart', () => apiError(401, 'UNAUTHORIZED', 'Token expired'));
    const call = api.get('/cart?email=x', z.array(z.unknown())).catch((err: unknown) => err);
    await vi.waitFor(() => expect(jwtCalls()).toHaveLength(2));

    await session.logOut();
    refresh.release();
    await call;
    expect(getToken()).toBeNull();
    expect(session.getState().user).toBeNull();
  });

  it('once stopped, a 401 no longer refreshes or signs out through it', async () => {
    const { emit, client, raw, stop } = startSession();
    await vi.waitFor(() => expect(client.onChange).toHaveBeenCalled());
    emit(fakeUser());
    await vi.waitFor(() => expect(getToken()).toBe('api-token'));
    stop();

    server.answer('GET /api/cart', () => apiError(401, 'UNAUTHORIZED', 'Token expired'));
    await expect(api.get('/cart?email=x', z.array(z.unknown()))).rejects.toMatchObject({ status: 401 });
    expect(jwtCalls()).toHaveLength(1);
    expect(raw.signOut).not.toHaveBeenCalled();
  });
});
