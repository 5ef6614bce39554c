import { vi } from 'vitest';

export interface ApiCall {
  method: string;
  url: URL;
  body: unknown;
  headers: Headers;
}

type Handler = (call: ApiCall) => Response | Promise<Response>;

const LAYOUT_PATHS = [
  '/api/categories',
  '/api/orders/summary',
  '/api/insights/inventory',
  '/api/quotes/awaiting',
  '/api/messages/unread',
];
const NO_ORDERS = { placed: 0, confirmed: 0, shipped: 0, delivered: 0, cancelled: 0 };

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

export function apiError(status: number, code: string, message: string): Response {
  return json({ code, message, error: message }, status);
}

/**
 * The one web test double for the API: every component and route test stubs `fetch` (the api-client
 * boundary) through it, with handlers keyed 'METHOD /api/path' (path without the
 * query). GET /api/categories answers [], GET /api/orders/summary zeros and GET /api/insights/inventory (the
 * low-stock badge) [], the quotes and unread-messages badges none, unless given; anything else unhandled is a 404.
 */
export function mockApi(given: Record<string, Handler>) {
  const handlers = { ...given };
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const call = { method, url, body, headers: new Headers(init.headers) };
    calls.push(call);
    const handler = handlers[`${method} ${url.pathname}`];
    if (handler) return handler(call);
    if (method === 'GET' && url.pathname === '/api/categories') return json([]);
    if (method === 'GET' && url.pathname === '/api/orders/summary') return json(NO_ORDERS);
    if (method === 'GET' && url.pathname === '/api/insights/inventory') return json([]);
    if (method === 'GET' && url.pathname === '/api/quotes/awaiting') return json({ count: 0 });
    if (method === 'GET' && url.pathname === '/api/messages/unread') return json({ total: 0, threads: [] });
    return apiError(404, 'NOT_FOUND', 'Not found');
  });
  vi.stubGlobal('fetch', fetchMock);
  /** Changes how one 'METHOD /api/path' answers from now on (for example the server going down). */
  const answer = (key: string, handler: Handler) => {
    handlers[key] = handler;
  };
  /** The calls made so far other than the layout's fetches (categories, the orders and low-stock badges). */
  const apiCalls = () => calls.filter((c) => !LAYOUT_PATHS.includes(c.url.pathname));
  return { fetchMock, calls, apiCalls, answer };
}

/**
 * A handler that answers each call with the next answer, the last one repeating. An Error is thrown as
 * fetch throws when no answer comes (offline, connection reset).
 */
export function inTurn(...answers: Array<Response | Error>): Handler {
  let next = 0;
  return () => {
    const answer = answers[Math.min(next++, answers.length - 1)];
    if (answer instanceof Error) throw answer;
    if (!answer) throw new Error('inTurn needs at least one answer');
    return answer.clone();
  };
}

/** What fetch throws when the request gets no answer. */
export const networkError = () => new TypeError('Failed to fetch');

/** A promise with its resolve exposed, to hold a response until the test has looked at the busy state. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
