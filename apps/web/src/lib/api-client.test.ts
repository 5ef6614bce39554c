import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { TOKEN_STORAGE_KEY } from '@/config/storage-keys';
import { json } from '@/test/mock-api';
import { api, ApiError, apiRequest, setSessionHooks } from './api-client';
import { clearToken, getToken, setToken } from './session';

const Item = z.object({ id: z.string() });

function authHeader(call: unknown[]): string | null {
  const init = call[1] as RequestInit;
  return new Headers(init.headers).get('Authorization');
}

// The client itself is under test here, so fetch is stubbed raw (call order, thrown errors, init);
// component and route tests use the shared API double in '@/test/mock-api'.
let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  clearToken();
  setSessionHooks(null);
});

describe('api-client', () => {
  it('calls /api, validates the body and exposes the response headers', async () => {
    fetchMock.mockResolvedValueOnce(
      json([{ id: 'a' }], 200, { 'x-total-count': '12', 'x-next-cursor': 'abc' }),
    );
    const response = await apiRequest('/products', z.array(Item));
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/products');
    expect(response.data).toEqual([{ id: 'a' }]);
    expect(response.headers.get('x-total-count')).toBe('12');
    expect(response.headers.get('x-next-cursor')).toBe('abc');
  });

  it('sends JSON bodies and the stored token as a bearer', async () => {
    setToken('api-token');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('api-token');
    fetchMock.mockResolvedValueOnce(json({ id: 'b' }, 201));
    await api.post('/products', { name: 'Widget' }, Item);
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"name":"Widget"}');
    expect(new Headers(init.headers).get('Content-Type')).toBe('application/json');
    expect(authHeader(fetchMock.mock.calls[0]!)).toBe('Bearer api-token');
  });

  it('sends no token when there is none or when auth is false', async () => {
    fetchMock.mockImplementation(async () => json({ id: 'c' }));
    await api.get('/x', Item);
    expect(authHeader(fetchMock.mock.calls[0]!)).toBeNull();
    setToken('api-token');
    await api.get('/x', Item, { auth: false });
    expect(authHeader(fetchMock.mock.calls[1]!)).toBeNull();
  });

  it('lets DELETE carry a JSON body', async () => {
    fetchMock.mockResolvedValueOnce(json({ id: 'd' }));
    await api.delete('/cart/1', Item, { body: { productId: 'p', quantity: 2 } });
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(init.method).toBe('DELETE');
    expect(init.body).toBe('{"productId":"p","quantity":2}');
  });

  it('turns an error body into an ApiError with status, code and message', async () => {
    fetchMock.mockResolvedValueOnce(
      json({ code: 'INSUFFICIENT_STOCK', message: 'Only 3 left', error: 'Only 3 left' }, 409),
    );
    const error = await api.get('/x', Item).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, code: 'INSUFFICIENT_STOCK', message: 'Only 3 left' });
  });

  it('reads the message from `error` when there is no `message`', async () => {
    fetchMock.mockResolvedValueOnce(json({ error: 'Item not found' }, 404));
    await expect(api.get('/x', Item)).rejects.toMatchObject({
      status: 404,
      code: 'HTTP_404',
      message: 'Item not found',
    });
  });

  it('falls back to the status when the body says nothing', async () => {
    fetchMock.mockResolvedValueOnce(new Response('', { status: 502 }));
    await expect(api.get('/x', Item)).rejects.toMatchObject({
      status: 502,
      message: 'Request failed with status 502',
    });
  });

  it('rejects a 2xx body that does not match the schema', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fetchMock.mockResolvedValueOnce(json({ nope: true }));
    await expect(api.get('/x', Item)).rejects.toMatchObject({ code: 'INVALID_RESPONSE' });
  });

  it('reports a network failure as status 0', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(api.get('/x', Item)).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
  });
});

describe('api-client session renewal', () => {
  it('re-exchanges once on a 401 and retries with the new token', async () => {
    setToken('old');
    const refresh = vi.fn(async () => {
      setToken('new');
      return 'new';
    });
    const expire = vi.fn();
    setSessionHooks({ refresh, expire });
    fetchMock.mockResolvedValueOnce(json({ code: 'UNAUTHORIZED', message: 'expired' }, 401));
    fetchMock.mockResolvedValueOnce(json({ id: 'ok' }));

    await expect(api.get('/cart', Item)).resolves.toEqual({ id: 'ok' });
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(expire).not.toHaveBeenCalled();
    expect(authHeader(fetchMock.mock.calls[0]!)).toBe('Bearer old');
    expect(authHeader(fetchMock.mock.calls[1]!)).toBe('Bearer new');
  });

  it('expires the session when the re-exchange fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    setToken('old');
    const expire = vi.fn(() => clearToken());
    setSessionHooks({ refresh: vi.fn(async () => Promise.reject(new Error('no user'))), expire });
    fetchMock.mockResolvedValueOnce(json({ code: 'UNAUTHORIZED', message: 'expired' }, 401));

    await expect(api.get('/cart', Item)).rejects.toMatchObject({ status: 401 });
    expect(expire).toHaveBeenCalledTimes(1);
    expect(getToken()).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('expires the session when the retry is refused too', async () => {
    setToken('old');
    const expire = vi.fn();
    setSessionHooks({ refresh: vi.fn(async () => 'new'), expire });
    fetchMock.mockImplementation(async () => json({ code: 'UNAUTHORIZED', message: 'expired' }, 401));

    await expect(api.get('/cart', Item)).rejects.toMatchObject({ status: 401 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(expire).toHaveBeenCalledTimes(1);
  });

  it('shares one re-exchange between parallel 401s', async () => {
    setToken('old');
    let release: (token: string) => void = () => {};
    const refresh = vi.fn(
      () =>
        new Promise<string>((resolve) => {
          release = (token) => {
            setToken(token);
            resolve(token);
          };
        }),
    );
    setSessionHooks({ refresh, expire: vi.fn() });
    fetchMock.mockImplementation(async (_url: string, init: RequestInit) =>
      new Headers(init.headers).get('Authorization') === 'Bearer new'
        ? json({ id: 'ok' })
        : json({ code: 'UNAUTHORIZED', message: 'expired' }, 401),
    );

    const calls = Promise.all([api.get('/a', Item), api.get('/b', Item)]);
    await vi.waitFor(() => expect(refresh).toHaveBeenCalled());
    release('new');
    await expect(calls).resolves.toEqual([{ id: 'ok' }, { id: 'ok' }]);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('does not try to renew when the call carried no token', async () => {
    const refresh = vi.fn(async () => 'new');
    setSessionHooks({ refresh, expire: vi.fn() });
    fetchMock.mockResolvedValueOnce(json({ code: 'UNAUTHORIZED', message: 'Sign in first' }, 401));
    await expect(api.get('/cart', Item)).rejects.toMatchObject({ status: 401, message: 'Sign in first' });
    expect(refresh).not.toHaveBeenCalled();
  });
});
