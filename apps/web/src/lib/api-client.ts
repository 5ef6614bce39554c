import type { z } from 'zod';
import { env } from '@/config/env';
import { getToken } from './session';

/** Every failed call surfaces as one of these: pages and dialogs show `message`. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    /** The API's machine code (contracts ERROR_CODES), or NETWORK_ERROR / INVALID_RESPONSE from here. */
    readonly code: string,
    message: string,
    readonly body?: unknown,
  ) {
    super(message);
  }
}

export interface ApiResponse<T> {
  data: T;
  status: number;
  headers: Headers;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** false: never attach the session token (the token exchange sends its own Authorization). */
  auth?: boolean;
}

/**
 * How the client renews an expired session. The auth feature installs these once Firebase is
 * ready; lib cannot import features, so the dependency points this way.
 */
export interface SessionHooks {
  /** Fresh Firebase ID token -> POST /jwt -> the new API token, or null when that is impossible. */
  refresh: () => Promise<string | null>;
  /** Sign out, clear the token and tell the user. */
  expire: () => Promise<void> | void;
}

let sessionHooks: SessionHooks | null = null;
let refreshing: Promise<string | null> | null = null;

export function setSessionHooks(hooks: SessionHooks | null): void {
  sessionHooks = hooks;
}

/** Parallel 401s share one re-exchange. */
function refreshOnce(hooks: SessionHooks): Promise<string | null> {
  refreshing ??= hooks
    .refresh()
    .catch((err: unknown) => {
      console.error('Session token refresh failed', err);
      return null;
    })
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

async function send(path: string, options: RequestOptions, token: string | null): Promise<Response> {
  const headers = new Headers(options.headers);
  headers.set('Accept', 'application/json');
  if (options.body !== undefined) headers.set('Content-Type', 'application/json');
  if (token) headers.set('Authorization', `Bearer ${token}`);
  try {
    return await fetch(`${env.apiBaseUrl}${path}`, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (err) {
    if (options.signal?.aborted) throw err;
    throw new ApiError(
      0,
      'NETWORK_ERROR',
      'Could not reach the server. Check your connection and try again.',
    );
  }
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function errorFrom(status: number, body: unknown): ApiError {
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const text = [record.message, record.error, typeof body === 'string' ? body : undefined].find(
    (value): value is string => typeof value === 'string' && value.trim() !== '',
  );
  const code = typeof record.code === 'string' ? record.code : `HTTP_${status}`;
  return new ApiError(status, code, text ?? `Request failed with status ${status}`, body);
}

/**
 * One call to the API. The body of a 2xx answer is checked against `schema`, so a page never
 * renders a shape it did not expect.
 */
export async function apiRequest<S extends z.ZodType>(
  path: string,
  schema: S,
  options: RequestOptions = {},
): Promise<ApiResponse<z.output<S>>> {
  const token = options.auth === false ? null : getToken();
  let response = await send(path, options, token);

  if (response.status === 401 && token && sessionHooks) {
    const hooks = sessionHooks;
    // Another call may already have renewed the token while this one was in flight.
    const latest = getToken();
    const fresh = latest && latest !== token ? latest : await refreshOnce(hooks);
    if (fresh) response = await send(path, options, fresh);
    if (!fresh || response.status === 401) await hooks.expire();
  }

  const body = await readBody(response);
  if (!response.ok) throw errorFrom(response.status, body);

  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    console.error(`Unexpected response from ${path}`, parsed.error);
    throw new ApiError(response.status, 'INVALID_RESPONSE', 'The server sent an unexpected response.', body);
  }
  return { data: parsed.data, status: response.status, headers: response.headers };
}

type Options = Omit<RequestOptions, 'method' | 'body'>;

export const api = {
  get: <S extends z.ZodType>(path: string, schema: S, options?: Options) =>
    apiRequest(path, schema, { ...options, method: 'GET' }).then((r) => r.data),
  post: <S extends z.ZodType>(path: string, body: unknown, schema: S, options?: Options) =>
    apiRequest(path, schema, { ...options, method: 'POST', body }).then((r) => r.data),
  put: <S extends z.ZodType>(path: string, body: unknown, schema: S, options?: Options) =>
    apiRequest(path, schema, { ...options, method: 'PUT', body }).then((r) => r.data),
  /** DELETE /cart/:id carries a JSON body (spec section 7), so `body` is allowed here. */
  delete: <S extends z.ZodType>(path: string, schema: S, options?: Options & { body?: unknown }) =>
    apiRequest(path, schema, { ...options, method: 'DELETE' }).then((r) => r.data),
};

export interface UploadOptions {
  /** The body's type; omitted for FormData, whose multipart boundary the browser writes itself. */
  contentType?: string;
  /** Fraction of the body sent so far, 0 to 1 (fetch cannot report this, so uploads use XHR). */
  onProgress?: (sent: number) => void;
  signal?: AbortSignal;
}

function xhrSend(path: string, body: Blob | FormData, options: UploadOptions, token: string | null) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${env.apiBaseUrl}${path}`);
    xhr.setRequestHeader('Accept', 'application/json');
    if (options.contentType) xhr.setRequestHeader('Content-Type', options.contentType);
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => resolve({ status: xhr.status, text: xhr.responseText });
    xhr.onerror = () =>
      reject(
        new ApiError(0, 'NETWORK_ERROR', 'Could not reach the server. Check your connection and try again.'),
      );
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}

/**
 * POST of a file as the raw body, with upload progress; otherwise as apiRequest: the session renewed
 * once on 401, errors as ApiError (the refusal's body kept), a 2xx body checked against `schema`.
 */
export async function apiUpload<S extends z.ZodType>(
  path: string,
  body: Blob | FormData,
  schema: S,
  options: UploadOptions,
): Promise<z.output<S>> {
  const token = getToken();
  let answer = await xhrSend(path, body, options, token);
  if (answer.status === 401 && token && sessionHooks) {
    const hooks = sessionHooks;
    const fresh = await refreshOnce(hooks);
    if (fresh) answer = await xhrSend(path, body, options, fresh);
    if (!fresh || answer.status === 401) await hooks.expire();
  }
  let parsedBody: unknown = answer.text;
  try {
    parsedBody = answer.text ? (JSON.parse(answer.text) as unknown) : undefined;
  } catch {
    // Not JSON: kept as text for the error message.
  }
  if (answer.status < 200 || answer.status >= 300) throw errorFrom(answer.status, parsedBody);
  const parsed = schema.safeParse(parsedBody);
  if (!parsed.success) {
    console.error(`Unexpected response from ${path}`, parsed.error);
    throw new ApiError(
      answer.status,
      'INVALID_RESPONSE',
      'The server sent an unexpected response.',
      parsedBody,
    );
  }
  return parsed.data;
}
