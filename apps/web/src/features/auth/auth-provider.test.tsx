import { act, render, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { SESSION_MESSAGES } from '@/config/messages';
import { TOKEN_STORAGE_KEY } from '@/config/storage-keys';
import { api } from '@/lib/api-client';
import { clearToken, setToken } from '@/lib/session';
import { apiError, json, mockApi } from '@/test/mock-api';
import { fakeClient, fakeUser } from '@/test/fake-auth-client';
import type { AuthClient } from './auth-client';
import { useAuth, type AuthContextValue } from './auth-context';
import { AuthProvider } from './auth-provider';

let latest: AuthContextValue | null = null;
function Probe() {
  const auth = useAuth();
  useEffect(() => {
    latest = auth;
  });
  return <p>{auth.loading ? 'loading' : (auth.user?.email ?? 'guest')}</p>;
}

/** Most tests start like a returning user's page: a Firebase user may be saved, so the SDK loads first. */
const userSaved = async () => true;
const nobodySaved = async () => false;

function renderProvider(client: AuthClient, hasPersistedUser = userSaved) {
  render(
    <AuthProvider loadClient={async () => client} hasPersistedUser={hasPersistedUser}>
      <Probe />
    </AuthProvider>,
  );
}

let server: ReturnType<typeof mockApi>;
const jwtCalls = () => server.calls.filter((call) => call.url.pathname === '/api/jwt');

beforeEach(() => {
  server = mockApi({ 'POST /api/jwt': () => json({ token: 'api-token', expiresIn: 3600 }) });
});

afterEach(() => {
  clearToken();
  latest = null;
});

describe('AuthProvider', () => {
  it('is loading until the first auth state is known', async () => {
    const { client, emit } = fakeClient();
    renderProvider(client);
    expect(screen.getByText('loading')).toBeInTheDocument();
    await waitFor(() => expect(client.onChange).toHaveBeenCalled());
    act(() => emit(null));
    expect(await screen.findByText('guest')).toBeInTheDocument();
  });

  it('exchanges the Firebase ID token for the API token when a user appears', async () => {
    const { client, emit } = fakeClient();
    renderProvider(client);
    await waitFor(() => expect(client.onChange).toHaveBeenCalled());
    act(() => emit(fakeUser()));

    expect(await screen.findByText('supplier@bulkwise.test')).toBeInTheDocument();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('api-token');
    expect(latest?.token).toBe('api-token');
    const [exchange] = jwtCalls();
    expect(exchange?.method).toBe('POST');
    expect(exchange?.headers.get('Authorization')).toBe('Bearer firebase-cached');
    expect(exchange?.body).toEqual({ email: 'supplier@bulkwise.test', uid: 'uid-1' });
  });

  it('clears the token when the user goes away', async () => {
    setToken('stale');
    const { client, emit } = fakeClient();
    renderProvider(client);
    await waitFor(() => expect(client.onChange).toHaveBeenCalled());
    act(() => emit(null));
    await screen.findByText('guest');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('only logs a failed token exchange', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    server.answer('POST /api/jwt', () => apiError(503, 'UNAVAILABLE', 'down'));
    const { client, emit } = fakeClient();
    renderProvider(client);
    await waitFor(() => expect(client.onChange).toHaveBeenCalled());
    act(() => emit(fakeUser()));

    expect(await screen.findByText('supplier@bulkwise.test')).toBeInTheDocument();
    expect(latest?.token).toBeNull();
    expect(logged).toHaveBeenCalledWith('Failed to fetch the session token', expect.anything());
  });

  it('signIn resolves only after the token is stored, with one exchange', async () => {
    const { client, emit } = fakeClient();
    renderProvider(client);
    await waitFor(() => expect(client.onChange).toHaveBeenCalled());
    act(() => emit(null));
    await screen.findByText('guest');

    await act(() => latest!.signIn('supplier@bulkwise.test', 'Supplier#2026'));
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('api-token');
    expect(jwtCalls()).toHaveLength(1);
  });

  it('register exchanges once, after the profile is set, with a refreshed ID token', async () => {
    const { client, raw, emit } = fakeClient();
    renderProvider(client);
    await waitFor(() => expect(client.onChange).toHaveBeenCalled());
    act(() => emit(null));
    await screen.findByText('guest');

    await act(() =>
      latest!.register({
        name: 'Sam Supplier',
        email: 'supplier@bulkwise.test',
        password: 'Supplier#2026',
        photoURL: 'https://example.com/sam.png',
      }),
    );
    expect(raw.register).toHaveBeenCalled();
    expect(jwtCalls()).toHaveLength(1);
    expect(jwtCalls()[0]?.headers.get('Authorization')).toBe('Bearer firebase-fresh');
    expect(latest?.user?.displayName).toBe('Sam Supplier');
    expect(latest?.token).toBe('api-token');
  });

  it('logOut signs out of Firebase and clears the token', async () => {
    const { client, raw, emit } = fakeClient();
    renderProvider(client);
    await waitFor(() => expect(client.onChange).toHaveBeenCalled());
    act(() => emit(fakeUser()));
    await screen.findByText('supplier@bulkwise.test');

    await act(() => latest!.logOut());
    expect(raw.signOut).toHaveBeenCalled();
    expect(latest?.user).toBeNull();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('signing out while a token refresh is in flight: no token comes back, whenever the refresh answers', async () => {
    const { client, emit } = fakeClient();
    renderProvider(client);
    await waitFor(() => expect(client.onChange).toHaveBeenCalled());
    act(() => emit(fakeUser()));
    await waitFor(() => expect(latest?.token).toBe('api-token'));

    // The API token expired: the next call's 401 starts a refresh whose answer the test holds back.
    let answerRefresh!: () => void;
    const refreshAnswered = new Promise<void>((resolve) => (answerRefresh = resolve));
    server.answer('POST /api/jwt', async () => {
      await refreshAnswered;
      return json({ token: 'refreshed-token', expiresIn: 3600 });
    });
    // Only the expired token is refused: a refreshed one would be accepted and kept.
    server.answer('GET /api/cart', ({ headers }) =>
      headers.get('authorization') === 'Bearer api-token'
        ? apiError(401, 'UNAUTHORIZED', 'Token expired')
        : json([]),
    );
    const call = api.get('/cart?email=x', z.array(z.unknown())).catch((err: unknown) => err);
    await waitFor(() => expect(jwtCalls()).toHaveLength(2));

    await act(() => latest!.logOut());
    answerRefresh();
    await act(async () => {
      await call;
    });
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(latest?.token).toBeNull();
    expect(latest?.user).toBeNull();
    // Nobody retried the call with the refreshed token after the sign-out.
    expect(
      server.calls.filter(
        (c) => c.url.pathname === '/api/cart' && c.headers.get('authorization') === 'Bearer refreshed-token',
      ),
    ).toEqual([]);
  });

  it('on a 401 that cannot be renewed: signs out, clears the token and says the session expired', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const shown = vi.spyOn(toast, 'error');
    const { client, raw, emit } = fakeClient();
    renderProvider(client);
    await waitFor(() => expect(client.onChange).toHaveBeenCalled());
    act(() => emit(fakeUser()));
    await waitFor(() => expect(latest?.token).toBe('api-token'));

    const expired = () => apiError(401, 'UNAUTHORIZED', 'Token expired');
    server.answer('POST /api/jwt', expired);
    server.answer('GET /api/cart', expired);
    await act(() =>
      expect(api.get('/cart?email=x', z.array(z.unknown()))).rejects.toMatchObject({ status: 401 }),
    );

    expect(raw.signOut).toHaveBeenCalled();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(shown).toHaveBeenCalledWith(SESSION_MESSAGES.expired, expect.anything());
  });

  it('continues signed out when the identity provider cannot start', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <AuthProvider
        loadClient={() => Promise.reject(new Error('config unavailable'))}
        hasPersistedUser={userSaved}
      >
        <Probe />
      </AuthProvider>,
    );
    expect(await screen.findByText('guest')).toBeInTheDocument();
  });
});

describe('AuthProvider with no Firebase user saved in the browser', () => {
  it('is signed out at once, without loading the identity provider', async () => {
    setToken('left-over');
    const load = vi.fn(async () => fakeClient().client);
    render(
      <AuthProvider loadClient={load} hasPersistedUser={nobodySaved}>
        <Probe />
      </AuthProvider>,
    );
    expect(await screen.findByText('guest')).toBeInTheDocument();
    expect(load).not.toHaveBeenCalled();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('loads it when the visitor focuses a credential field, and follows its auth state from then on', async () => {
    const { client, emit } = fakeClient();
    render(
      <AuthProvider loadClient={async () => client} hasPersistedUser={nobodySaved}>
        <Probe />
        <button type="button">Claim Offer</button>
        <input type="email" aria-label="Email address" />
      </AuthProvider>,
    );
    await screen.findByText('guest');
    act(() => screen.getByRole('button', { name: 'Claim Offer' }).focus());
    expect(client.onChange).not.toHaveBeenCalled();

    act(() => screen.getByLabelText('Email address').focus());
    await waitFor(() => expect(client.onChange).toHaveBeenCalled());
    // Another tab signed in meanwhile: Firebase reports the saved user.
    act(() => emit(fakeUser()));
    expect(await screen.findByText('supplier@bulkwise.test')).toBeInTheDocument();
  });

  it('loads it when another tab signs in (its API token appears)', async () => {
    const { client } = fakeClient();
    renderProvider(client, nobodySaved);
    await screen.findByText('guest');
    expect(client.onChange).not.toHaveBeenCalled();
    act(() => setToken('from-another-tab'));
    await waitFor(() => expect(client.onChange).toHaveBeenCalled());
  });

  it('signIn loads it on demand and signs in', async () => {
    const { client } = fakeClient();
    renderProvider(client, nobodySaved);
    await screen.findByText('guest');

    await act(() => latest!.signIn('supplier@bulkwise.test', 'Supplier#2026'));
    expect(await screen.findByText('supplier@bulkwise.test')).toBeInTheDocument();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('api-token');
    expect(jwtCalls()).toHaveLength(1);
  });
});
