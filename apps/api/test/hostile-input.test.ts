import {
  CartItemSchema,
  ErrorBodySchema,
  PRODUCT_CATEGORIES,
  PriceTiersSchema,
  ProductInputSchema,
  priceTierProblems,
  ProductSchema,
  PurchaseBodySchema,
  QUANTITY_MAX,
} from '@bulkwise/contracts';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { cartItems, products } from '../src/db/schema';
import { DB_KIND } from './build-test-app';
import { useTestApp } from './use-test-app';
import { refusedTokens, bearer, createProduct, makeUser, productInput } from './factories';
import { craftIdToken, signUpWithPassword, type EmulatorUser } from './firebase-emulator';

/**
 * Property-based hostile input over every endpoint: whatever arrives (random and boundary values, wrong
 * types, NUL and lone surrogates, 1 MB strings, prototype keys, wrong content types, broken JSON), the
 * answer is a success or a 4xx with the JSON error body, never a 5xx; and nothing invalid is ever stored.
 * FUZZ_SCALE multiplies the number of runs (the default keeps the file well under a minute).
 */
const SCALE = Number(process.env.FUZZ_SCALE ?? 1);
const runs = (n: number) => Math.max(1, Math.round(n * SCALE));

const supplier = makeUser('supplier');
const buyer = makeUser('buyer');
const stranger = makeUser('stranger');
let firebaseUser: EmulatorUser;

/** Ids the generators draw real targets from; successful creates and purchases feed them. */
const productIds: string[] = [];
const cartItemIds: string[] = [];

const AUTH_KINDS = [
  'supplier',
  'buyer',
  'stranger',
  'none',
  'garbage',
  'expired',
  'wrongSecret',
  'algNone',
  'huge',
  'basic',
] as const;
type AuthKind = (typeof AUTH_KINDS)[number];
const authHeaders = {} as Record<AuthKind, Record<string, string>>;

const stats = {
  cases: 0,
  byStatus: new Map<number, number>(),
  byEndpoint: new Map<string, Map<number, number>>(),
};

const t = useTestApp();
beforeAll(async () => {
  const refused = await refusedTokens(buyer);
  const header = (token: string) => ({ authorization: `Bearer ${token}` });
  Object.assign(authHeaders, {
    supplier: await bearer(t, supplier),
    buyer: await bearer(t, buyer),
    stranger: await bearer(t, stranger),
    none: {},
    garbage: header('not.a.token'),
    expired: header(refused.expired),
    wrongSecret: header(refused.forged),
    algNone: header(
      craftIdToken({ sub: buyer.uid, email: buyer.email, iss: 'bulkwise-api', aud: 'bulkwise-web' }),
    ),
    huge: header('a'.repeat(100_000)),
    basic: { authorization: 'Basic dXNlcjpwYXNz' },
  } satisfies Record<AuthKind, Record<string, string>>);
  for (let i = 0; i < 6; i++) {
    productIds.push(
      (await createProduct(t, i < 4 ? supplier : stranger, { mainQuantity: 100_000, minSellingQuantity: 1 }))
        ._id,
    );
  }
  firebaseUser = await signUpWithPassword('Fuzz Buyer');
});

afterAll(async () => {
  const tally = (m: Map<number, number>) =>
    [...m]
      .sort(([a], [b]) => a - b)
      .map(([s, n]) => `${s}:${n}`)
      .join(' ');
  console.log(
    `[hostile-input/${DB_KIND}] ${stats.cases} cases, 0 answered 5xx; statuses ${tally(stats.byStatus)}`,
  );
  for (const [endpoint, m] of stats.byEndpoint)
    console.log(`  ${endpoint.padEnd(10)} ${[...m.values()].reduce((a, b) => a + b, 0)} cases: ${tally(m)}`);
});

// ---------------------------------------------------------------------------------------------------
// Generators

const MEGA = 'é'.repeat(1 << 19); // 1 MB of UTF-8
const NASTY_STRINGS = [
  '',
  ' ',
  '\t\n',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uDFFF',
  'x\uDBFF',
  '\uDC00\uD800',
  '\uFEFF',
  '\u202E',
  '💥',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e309',
  '-1',
  '0',
  '-0',
  '1.5',
  '0x10',
  '9007199254740993',
  '1e2',
  '__proto__',
  'constructor',
  'prototype',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  "' OR 1=1 --",
  '%',
  '_',
  '\\',
  '%00',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  ' javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=',
  'vbscript:x',
  'file:///etc/passwd',
  '//evil.example/x.png',
  '/\\evil.example',
  'http://',
  'https://exa mple.com/a.png',
  'https://example.com/\u0000.png',
  'a@b.co',
  'A@B.CO',
  'a@b',
  '@',
  'a@b.co\u0000',
  'price_asc',
  'price_desc',
  'electronics_gadgets',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  'x'.repeat(101),
  'x'.repeat(5001),
  MEGA,
];
const weirdChar = fc.oneof(
  fc.constantFrom(
    '\u0000',
    '\u0001',
    '\u001f',
    '\u007f',
    '\u00a0',
    '\u2028',
    '\u202e',
    '\ufeff',
    '\uffff',
    '𝕏',
    'e\u0301',
    '%',
    '"',
    '\\',
    '/',
    '&',
    ' ',
  ),
  fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c)),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
);
const hostileString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 3, arbitrary: fc.string({ unit: weirdChar, maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ maxLength: 300 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 60 }) },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom(99, 100, 101, 199, 200, 201, 499, 500, 501, 4999, 5000, 5001)
      .map((n) => 'y'.repeat(n)),
  },
);
const hostileNumber = fc.oneof(
  fc.constantFrom(
    0,
    -0,
    -1,
    1,
    0.5,
    0.001,
    0.005,
    0.01,
    0.1 + 0.2,
    0.9,
    0.95,
    4.95,
    5,
    5.01,
    19.99,
    1_000_000,
    1_000_000.01,
    QUANTITY_MAX,
    QUANTITY_MAX + 1,
    2 ** 31 - 1,
    2 ** 31,
    -(2 ** 31) - 1,
    2 ** 53 + 2,
    Number.MAX_VALUE,
    Number.MIN_VALUE,
    Number.EPSILON,
  ),
  fc.integer(),
  fc.double(),
);
const PROTO_KEYS = fc.constantFrom(
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  'hasOwnProperty',
  '',
  '$gt',
);
const { value: hostileValue } = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    hostileString,
    hostileNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(PROTO_KEYS, fc.string({ maxLength: 8 })), tie('value'), { maxKeys: 4 }),
  ),
}));

const text = (min: number, max: number) =>
  fc
    .string({
      unit: fc.oneof(
        fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }),
        fc.constantFrom(' ', '\n', 'é', '😀'),
      ),
      minLength: min,
      maxLength: max,
    })
    .filter((s) => s.trim().length > 0);
const validProduct = fc
  .record({
    image: fc.oneof(
      fc.webUrl({ withQueryParameters: true }),
      fc.constantFrom('/images/products/a.svg', 'http://localhost/x.png'),
    ),
    name: text(1, 60),
    brandName: text(1, 40),
    category: fc.constantFrom(...PRODUCT_CATEGORIES),
    description: text(1, 200),
    mainQuantity: fc.integer({ min: 1, max: QUANTITY_MAX }),
    minSellingQuantity: fc.integer({ min: 1, max: 1000 }),
    price: fc.integer({ min: 1, max: 100_000_000 }).map((cents) => cents / 100),
    rating: fc.integer({ min: 10, max: 50 }).map((tenths) => tenths / 10),
    // Price breaks, valid by construction: each a little further up in quantity and down in cents.
    breakSteps: fc.array(
      fc.record({ gap: fc.integer({ min: 1, max: 5000 }), cut: fc.integer({ min: 1, max: 5000 }) }),
      { maxLength: 5 },
    ),
  })
  .map(({ breakSteps, ...product }) => {
    const priceTiers: Array<{ minQuantity: number; price: number }> = [];
    let [quantity, cents] = [product.minSellingQuantity, Math.round(product.price * 100)];
    for (const { gap, cut } of breakSteps) {
      if (cents - cut < 1) break;
      [quantity, cents] = [quantity + gap, cents - cut];
      priceTiers.push({ minQuantity: quantity, price: cents / 100 });
    }
    return { ...product, priceTiers };
  });
const validPurchase = fc.record({
  quantity: fc.oneof(fc.integer({ min: 1, max: 50 }), fc.integer({ min: 1, max: QUANTITY_MAX })),
  address: text(1, 80),
  phone: fc.constantFrom('+44 117 496 0123', '(555) 010-9999', '12345', '+1.212.555.0100'),
  expectedUnitPrice: fc.option(
    fc.integer({ min: 1, max: 100_000 }).map((c) => c / 100),
    { nil: undefined },
  ),
});
const validJwtBody = fc.constant(null).map(() => ({ email: firebaseUser.email, uid: firebaseUser.uid }));

/** Sets keys with defineProperty so '__proto__' becomes an own, serialised key instead of a prototype. */
function withKeys(base: Record<string, unknown>, set: Record<string, unknown>, drop: string[]) {
  const out: Record<string, unknown> = { ...base };
  for (const key of drop) delete out[key];
  for (const [key, value] of Object.entries(set)) {
    Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  }
  return out;
}
const mutated = (base: fc.Arbitrary<Record<string, unknown>>, fields: string[]) =>
  fc.oneof(
    { weight: 4, arbitrary: base },
    {
      weight: 5,
      arbitrary: fc
        .record({
          base,
          set: fc.dictionary(
            fc.oneof(
              fc.constantFrom(...fields),
              PROTO_KEYS,
              fc.constantFrom('userEmail', 'userName', 'extra'),
            ),
            hostileValue,
            {
              minKeys: 1,
              maxKeys: 3,
            },
          ),
          drop: fc.oneof(
            { weight: 3, arbitrary: fc.constant<string[]>([]) },
            { weight: 1, arbitrary: fc.subarray(fields, { minLength: 1, maxLength: 2 }) },
          ),
        })
        .map(({ base, set, drop }) => withKeys(base, set, drop)),
    },
    { weight: 1, arbitrary: hostileValue },
  );

const RAW_TOKENS = [
  '1e400',
  '-1e400',
  '1e-400',
  '-0',
  '1E2',
  '01',
  '1.',
  '.5',
  '+1',
  'NaN',
  'Infinity',
  '0x10',
  '"\\u0000"',
  '"\\ud800"',
  '"\\udc00\\ud800"',
  '"\u0000"',
  '[]',
  '{}',
  'null',
  'true',
  '"1"',
  '1.0000000000000000000001',
  '9'.repeat(400),
  '"a"',
];
/** JSON text with one field's value replaced by a raw token JSON.stringify could never produce. */
const rawJson = (base: fc.Arbitrary<Record<string, unknown>>, fields: string[]) =>
  fc
    .tuple(base, fc.constantFrom(...fields), fc.constantFrom(...RAW_TOKENS))
    .map(([value, field, token]) =>
      JSON.stringify({ ...value, [field]: '@@RAW@@' }).replace('"@@RAW@@"', token),
    );
const RAW_BODIES = [
  '',
  ' ',
  'null',
  '[]',
  '""',
  '"x"',
  '0',
  '{',
  '{"a":1,}',
  "{'a':1}",
  '\u0000',
  '\uFEFF{}',
  `${'['.repeat(20_000)}${']'.repeat(20_000)}`,
  `${'{"a":'.repeat(9_000)}1${'}'.repeat(9_000)}`,
  `${'{"a":'.repeat(9_000)}{"__proto__":{"polluted":1}}${'}'.repeat(9_000)}`,
  '{"__proto__":{"polluted":1}}',
  '{"constructor":{"prototype":{"polluted":1}}}',
  JSON.stringify({ name: MEGA }),
];
const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'APPLICATION/JSON',
  'application/json; charset=utf-16',
  'text/plain',
  'text/plain; charset=utf-8',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/octet-stream',
  'application/jsonp',
  'application/vnd.api+json',
  '*/*',
  'json',
];
type Payload = { payload?: string; contentType?: string };
const payloadOf = (
  value: fc.Arbitrary<unknown>,
  raw: fc.Arbitrary<string> = fc.constant('{}'),
): fc.Arbitrary<Payload> =>
  fc.oneof(
    {
      weight: 8,
      arbitrary: value.map((v) => ({ payload: JSON.stringify(v) ?? '', contentType: 'application/json' })),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(value, fc.option(fc.constantFrom(...CONTENT_TYPES), { nil: undefined }))
        .map(([v, contentType]) => ({ payload: JSON.stringify(v) ?? '', contentType })),
    },
    { weight: 2, arbitrary: raw.map((payload) => ({ payload, contentType: 'application/json' })) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.constantFrom(...RAW_BODIES),
          fc.option(fc.constantFrom(...CONTENT_TYPES), { nil: undefined }),
        )
        .map(([payload, contentType]) => ({ payload, contentType })),
    },
    { weight: 1, arbitrary: fc.constant({}) },
  );

const UNRESERVED = /[A-Za-z0-9\-._~]/;
/** Percent-encodes UTF-8 (a lone surrogate becomes U+FFFD, as a browser would send it). */
const encode = (s: string) =>
  Array.from(Buffer.from(s, 'utf8'), (b) => {
    const c = String.fromCharCode(b);
    return b < 0x80 && UNRESERVED.test(c) ? c : `%${b.toString(16).toUpperCase().padStart(2, '0')}`;
  }).join('');
const rawBytes = fc
  .uint8Array({ maxLength: 24 })
  .map((bytes) => Array.from(bytes, (b) => `%${b.toString(16).padStart(2, '0')}`).join(''));
const pathSegment = (real: () => string[]) =>
  fc.oneof(
    { weight: 5, arbitrary: fc.nat().map((i) => real()[i % Math.max(real().length, 1)] ?? 'none') },
    { weight: 1, arbitrary: fc.uuid() },
    { weight: 3, arbitrary: hostileString.map(encode) },
    { weight: 1, arbitrary: rawBytes },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '%',
        '%zz',
        '%E0%A4%A',
        '..',
        '%2e%2e',
        'a/b',
        '%2F',
        'x'.repeat(201),
        ' ',
        '%20',
      ),
    },
  );

const queryString = (values: Record<string, fc.Arbitrary<string>>) => {
  const keys = Object.keys(values);
  const pair = fc.oneof(
    {
      weight: 6,
      arbitrary: fc
        .constantFrom(...keys)
        .chain((k) => fc.tuple(fc.constant(k), fc.oneof(values[k]!, hostileString))),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(
        fc.oneof(PROTO_KEYS, fc.constantFrom(...keys.map((k) => `${k}[]`), ...keys.map((k) => `${k}[a]`))),
        hostileString,
      ),
    },
  );
  return fc.oneof(
    {
      weight: 8,
      arbitrary: fc
        .array(pair, { maxLength: 4 })
        .map((pairs) => pairs.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&')),
    },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...keys), rawBytes).map(([k, v]) => `${k}=${v}`) },
    {
      weight: 1,
      arbitrary: fc.constantFrom('&&&', '=', 'a', '%', 'limit', 'limit=', '?', '#x', `q=${'a'.repeat(5000)}`),
    },
  );
};
const email = fc.constantFrom(supplier.email, buyer.email, stranger.email, supplier.email.toUpperCase());
const cursor = fc
  .tuple(
    fc.constantFrom('default', 'price_asc', 'price_desc', 'relevance', 'name', ''),
    fc.oneof(
      hostileString,
      fc.constantFrom(
        '2020-01-01T00:00:00.000Z',
        '1',
        '-1',
        '2147483648',
        '99999-01-01',
        '2020-13-45',
        'Tue',
        '0001-01-01',
        '2020-01-01T00:00:00Z\u0000',
        '+275760-09-13',
        '12.34',
        '9999999999.99',
        '1e5',
      ),
    ),
    fc.oneof(fc.uuid(), hostileString),
  )
  .map((parts) => Buffer.from(JSON.stringify(parts)).toString('base64url'));

/** Search text: tsquery, LIKE and regex operators, quotes, accents and emoji, mixed with real words of the catalog. */
const searchText = fc.oneof(
  { weight: 2, arbitrary: hostileString },
  {
    weight: 3,
    arbitrary: fc
      .array(
        fc.constantFrom(
          'bolts',
          'galvanised',
          'galvanized',
          'galvanise',
          'fastenco',
          'm10',
          'b',
          'zinc',
          'plated',
          "o'brien",
          '\\',
          "'",
          "''",
          '"',
          '&',
          '|',
          '!',
          '<->',
          '<2>',
          ':*',
          ':A',
          ':*AB',
          '(',
          ')',
          '%',
          '_',
          '.*',
          '^$',
          '[a-z]+',
          '\\d',
          '?',
          '+',
          'é',
          'ß',
          'Ø',
          'ﬁ',
          '💥',
          '👩‍👩‍👧',
          'e\u0301',
          '\u202e',
          '\ufeff',
          'null',
          'NaN',
          'or 1=1',
          '--',
          ';',
          '/*',
          'x'.repeat(61),
          'y'.repeat(300),
        ),
        { maxLength: 12 },
      )
      .chain((words) => fc.constantFrom(words.join(' '), words.join(''), words.join('&'))),
  },
);

const authArb = fc.constantFrom<AuthKind>(
  'supplier',
  'supplier',
  'buyer',
  'buyer',
  'buyer',
  'stranger',
  ...AUTH_KINDS,
);
const idempotencyKey = fc.oneof(
  { weight: 3, arbitrary: fc.constant(undefined) },
  {
    weight: 3,
    arbitrary: fc.string({
      unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789-_'),
      minLength: 8,
      maxLength: 100,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.oneof(
      fc
        .string({ unit: 'grapheme-ascii', maxLength: 120 })
        .filter((s) => /^[\x20-\x7e]*$/.test(s) && s.trim() === s),
      fc.constantFrom(
        '1234567',
        '12345678',
        'k'.repeat(100),
        'k'.repeat(101),
        'ééééééééé',
        '__proto__',
        'constructor',
      ),
    ),
  },
);

// ---------------------------------------------------------------------------------------------------
// The oracle

function describeRequest(req: InjectOptions) {
  const body = typeof req.payload === 'string' ? req.payload.slice(0, 300) : '';
  return `${req.method} ${String(req.url).slice(0, 300)} headers=${JSON.stringify(req.headers ?? {}).slice(0, 300)} body=${JSON.stringify(body)}`;
}

async function send(endpoint: string, req: InjectOptions): Promise<LightMyRequestResponse> {
  const res = await t.app.inject(req);
  stats.cases++;
  stats.byStatus.set(res.statusCode, (stats.byStatus.get(res.statusCode) ?? 0) + 1);
  const perEndpoint = stats.byEndpoint.get(endpoint) ?? new Map<number, number>();
  perEndpoint.set(res.statusCode, (perEndpoint.get(res.statusCode) ?? 0) + 1);
  stats.byEndpoint.set(endpoint, perEndpoint);
  if (res.statusCode >= 500)
    throw new Error(`${res.statusCode} for ${describeRequest(req)}: ${res.body.slice(0, 500)}`);
  if (res.statusCode >= 400 && req.method !== 'HEAD') {
    const parsed = ErrorBodySchema.safeParse(JSON.parse(res.body));
    if (
      !parsed.success ||
      parsed.data.message !== parsed.data.error ||
      !String(res.headers['content-type']).startsWith('application/json')
    ) {
      throw new Error(
        `not the JSON error body (${res.statusCode}) for ${describeRequest(req)}: ${res.body.slice(0, 500)}`,
      );
    }
  }
  return res;
}

function request(
  method: InjectOptions['method'],
  url: string,
  auth: AuthKind,
  body: Payload = {},
  extra: Record<string, string> = {},
): InjectOptions {
  const headers: Record<string, string> = { ...authHeaders[auth], ...extra };
  if (body.contentType !== undefined) headers['content-type'] = body.contentType;
  return { method, url, headers, ...(body.payload !== undefined ? { payload: body.payload } : {}) };
}

const property = <T>(arb: fc.Arbitrary<T>, numRuns: number, run: (value: T) => Promise<void>) =>
  fc.assert(fc.asyncProperty(arb, run), { numRuns, endOnFailure: false });

/**
 * `numRuns` requests to `path` with its `:id` replaced by one of `ids()` or a hostile path segment, each
 * with a hostile body and any auth.
 */
const propertyOnId = (
  endpoint: string,
  method: InjectOptions['method'],
  path: `${string}:id${string}`,
  ids: () => string[],
  body: fc.Arbitrary<Payload>,
  numRuns: number,
) =>
  property(fc.tuple(pathSegment(ids), body, authArb), numRuns, async ([id, payload, auth]) => {
    // A function replacement: a hostile segment's `$&` must not be read as a pattern.
    await send(
      endpoint,
      request(
        method,
        path.replace(':id', () => id),
        auth,
        payload,
      ),
    );
  });

const PRODUCT_FIELDS = [...Object.keys(productInput()), 'priceTiers'];
const PURCHASE_FIELDS = ['quantity', 'address', 'phone', 'expectedUnitPrice'];

// ---------------------------------------------------------------------------------------------------

describe('hostile input never gets a 5xx', () => {
  it('GET /api/products with random query strings', async () => {
    const query = queryString({
      email,
      category: fc.constantFrom('electronics_gadgets', 'health_beauty', 'x', 'A;drop', ''),
      sort: fc.constantFrom('price_asc', 'price_desc', 'name'),
      minOrderOver: fc.oneof(
        fc.integer().map(String),
        fc.constantFrom('100', '1e2', '1.5', '-1', 'NaN', 'Infinity', ''),
      ),
      q: searchText,
      limit: fc.oneof(
        fc.integer({ min: -5, max: 600 }).map(String),
        fc.constantFrom('1e2', '0.5', 'NaN', ''),
      ),
      cursor,
    });
    await property(fc.tuple(query, authArb), runs(700), async ([qs, auth]) => {
      await send('list', request('GET', `/api/products?${qs}`, auth));
    });
    // A search is a few queries (its words, the page, the count): more than the default 30 s on a busy machine.
  }, 120_000);

  it('GET /api/products/suggest', async () => {
    await property(fc.tuple(queryString({ q: searchText }), authArb), runs(300), async ([qs, auth]) => {
      await send('suggest', request('GET', `/api/products/suggest?${qs}`, auth));
    });
  }, 120_000);

  it('GET /api/products/:id', async () => {
    await property(
      pathSegment(() => productIds),
      runs(420),
      async (id) => {
        await send('get', request('GET', `/api/products/${id}`, 'none'));
      },
    );
  });

  it('POST /api/products', async () => {
    const body = payloadOf(mutated(validProduct, PRODUCT_FIELDS), rawJson(validProduct, PRODUCT_FIELDS));
    await property(fc.tuple(body, authArb), runs(940), async ([payload, auth]) => {
      const res = await send('create', request('POST', '/api/products', auth, payload));
      if (res.statusCode === 201) productIds.push((res.json() as { _id: string })._id);
    });
  });

  it('PUT /api/products/:id', async () => {
    const body = payloadOf(mutated(validProduct, PRODUCT_FIELDS), rawJson(validProduct, PRODUCT_FIELDS));
    await propertyOnId('update', 'PUT', '/api/products/:id', () => productIds, body, runs(740));
  });

  it('POST /api/products/purchase/:id', async () => {
    const body = payloadOf(mutated(validPurchase, PURCHASE_FIELDS), rawJson(validPurchase, PURCHASE_FIELDS));
    await property(
      fc.tuple(
        pathSegment(() => productIds),
        body,
        authArb,
        idempotencyKey,
      ),
      runs(940),
      async ([id, payload, auth, key]) => {
        const res = await send(
          'purchase',
          request(
            'POST',
            `/api/products/purchase/${id}`,
            auth,
            payload,
            key === undefined ? {} : { 'idempotency-key': key },
          ),
        );
        if (res.statusCode === 200) cartItemIds.push((res.json() as { cartItemId: string }).cartItemId);
      },
    );
  });

  it('valid but unusual products and purchases (unicode, boundaries) are accepted', async () => {
    const ownedBySupplier = () => productIds.slice(0, 4);
    const buy = fc.tuple(pathSegment(ownedBySupplier), validPurchase, idempotencyKey);
    await property(
      fc.oneof(
        validProduct.map((p) => ({ create: p })),
        buy.map((b) => ({ buy: b })),
      ),
      runs(630),
      async (c) => {
        if ('create' in c) {
          const res = await send(
            'create',
            request('POST', '/api/products', 'supplier', {
              payload: JSON.stringify(c.create),
              contentType: 'application/json',
            }),
          );
          expect(res.statusCode).toBe(201);
          productIds.push((res.json() as { _id: string })._id);
          return;
        }
        const [id, body, key] = c.buy;
        const res = await send(
          'purchase',
          request(
            'POST',
            `/api/products/purchase/${id}`,
            'buyer',
            { payload: JSON.stringify(body), contentType: 'application/json' },
            key === undefined ? {} : { 'idempotency-key': key },
          ),
        );
        if (res.statusCode === 200) cartItemIds.push((res.json() as { cartItemId: string }).cartItemId);
      },
    );
  });

  it('GET /api/cart', async () => {
    await property(fc.tuple(queryString({ email }), authArb), runs(420), async ([qs, auth]) => {
      await send('cart', request('GET', `/api/cart?${qs}`, auth));
    });
  });

  it('DELETE /api/cart/:id', async () => {
    const body = payloadOf(
      mutated(fc.constant({ productId: productIds[0] ?? '', quantity: 1 }), ['productId', 'quantity']),
    );
    await propertyOnId('uncart', 'DELETE', '/api/cart/:id', () => cartItemIds, body, runs(520));
  });

  it('GET and PUT /api/settings', async () => {
    const validSettings = fc.record({ emailNotifications: fc.boolean() });
    const body = payloadOf(
      mutated(validSettings, ['emailNotifications', 'uid']),
      rawJson(validSettings, ['emailNotifications', 'uid']),
    );
    await property(
      fc.tuple(fc.constantFrom('GET', 'PUT'), body, authArb),
      runs(320),
      async ([method, payload, auth]) => {
        await send('settings', request(method, '/api/settings', auth, method === 'GET' ? {} : payload));
      },
    );
  });

  it('DELETE /api/products/:id', async () => {
    await property(
      fc.tuple(
        pathSegment(() => productIds),
        payloadOf(hostileValue),
        authArb,
      ),
      runs(320),
      async ([id, payload, auth]) => {
        await send('delete', request('DELETE', `/api/products/${id}`, auth, payload));
      },
    );
  });

  it('GET /api/categories and /api/categories/:id', async () => {
    const categoryIds: string[] = (await t.app.inject({ method: 'GET', url: '/api/categories' }))
      .json()
      .map((c: { _id: string }) => c._id);
    await property(
      fc.tuple(
        fc.option(
          pathSegment(() => categoryIds),
          { nil: undefined },
        ),
        queryString({ x: hostileString }),
      ),
      runs(420),
      async ([id, qs]) => {
        await send(
          'categories',
          request('GET', id === undefined ? `/api/categories?${qs}` : `/api/categories/${id}?${qs}`, 'none'),
        );
      },
    );
  });

  it('POST /api/jwt', async () => {
    const idTokens = fc.oneof(
      fc.constant(firebaseUser.idToken),
      hostileString.filter((s) => /^[\x20-\x7e]*$/.test(s)),
      fc
        .record({
          sub: hostileValue,
          email: hostileValue,
          aud: fc.constantFrom('demo-bulkwise', 'x'),
          iss: fc.constantFrom('https://securetoken.google.com/demo-bulkwise', 'x'),
          exp: hostileNumber,
          iat: hostileNumber,
        })
        .map((claims) => craftIdToken(claims)),
    );
    const body = payloadOf(mutated(validJwtBody, ['email', 'uid']), rawJson(validJwtBody, ['email', 'uid']));
    await property(
      fc.tuple(fc.option(idTokens, { nil: undefined }), body),
      runs(420),
      async ([idToken, payload]) => {
        const res = await send(
          'jwt',
          request(
            'POST',
            '/api/jwt',
            'none',
            payload,
            idToken === undefined ? {} : { authorization: `Bearer ${idToken}` },
          ),
        );
        if (res.statusCode === 200)
          expect(res.json()).toMatchObject({
            token: expect.any(String),
            expiresIn: t.config.tokenTtlSeconds,
          });
      },
    );
  });

  it('any method on any path', async () => {
    const paths = fc.oneof(
      fc.constantFrom(
        '/api/products',
        '/api/cart',
        '/api/categories',
        '/api/jwt',
        '/api/health',
        '/api/config',
        '/api',
        '/',
        '/api/products/purchase',
      ),
      pathSegment(() => productIds).map((id) => `/api/products/${id}`),
      pathSegment(() => productIds).map((id) => `/api/products/purchase/${id}`),
      pathSegment(() => cartItemIds).map((id) => `/api/cart/${id}`),
      fc
        .array(
          pathSegment(() => []),
          { minLength: 1, maxLength: 4 },
        )
        .map((segments) => `/api/${segments.join('/')}`),
    );
    const methods = fc.constantFrom<InjectOptions['method']>(
      'GET',
      'POST',
      'PUT',
      'DELETE',
      'PATCH',
      'OPTIONS',
      'HEAD',
    );
    await property(
      fc.tuple(methods, paths, payloadOf(hostileValue), authArb),
      runs(740),
      async ([method, url, payload, auth]) => {
        const body = method === 'GET' || method === 'HEAD' ? {} : payload;
        await send('any', request(method, url, auth, body));
      },
    );
  });
});

describe('regressions the fuzzer found (each answered 500, or a non-JSON 400, before the fix)', () => {
  const cursorOf = (parts: unknown[]) => Buffer.from(JSON.stringify(parts)).toString('base64url');
  const json = (value: unknown): Payload => ({
    payload: JSON.stringify(value),
    contentType: 'application/json',
  });
  const cases: Array<[string, () => InjectOptions, number]> = [
    ['NUL in the search text', () => request('GET', '/api/products?q=a%00b', 'none'), 400],
    [
      'NUL in a product name',
      () => request('POST', '/api/products', 'supplier', json(productInput({ name: 'Bolts\u0000' }))),
      400,
    ],
    [
      'NUL in an image URL',
      () =>
        request(
          'POST',
          '/api/products',
          'supplier',
          json(productInput({ image: 'https://a.example/\u0000.png' })),
        ),
      400,
    ],
    [
      'a lone surrogate in a product name (was stored as U+FFFD)',
      () => request('POST', '/api/products', 'supplier', json(productInput({ name: 'Bolts \uD800' }))),
      400,
    ],
    [
      'NUL in an update',
      () =>
        request(
          'PUT',
          `/api/products/${productIds[0]}`,
          'supplier',
          json(productInput({ description: 'x\u0000' })),
        ),
      400,
    ],
    [
      'NUL in a shipping address',
      () =>
        request(
          'POST',
          `/api/products/purchase/${productIds[0]}`,
          'buyer',
          json({ quantity: 1, address: 'a\u0000b', phone: '12345' }),
        ),
      400,
    ],
    [
      'a cursor whose date PostgreSQL cannot read',
      () =>
        request(
          'GET',
          `/api/products?cursor=${cursorOf(['default', '1', '00000000-0000-0000-0000-000000000000'])}`,
          'none',
        ),
      400,
    ],
    [
      'a cursor with NUL in its date',
      () =>
        request(
          'GET',
          `/api/products?cursor=${cursorOf(['default', '2020-01-01T00:00:00Z\u0000', '00000000-0000-0000-0000-000000000000'])}`,
          'none',
        ),
      400,
    ],
    ['a malformed percent-encoding in a path', () => request('GET', '/api/products/%80', 'none'), 400],
    [
      'a path parameter over 200 characters',
      () => request('DELETE', `/api/cart/${'x'.repeat(201)}`, 'buyer'),
      400,
    ],
  ];
  it.each(cases)('%s', async (_name, make, status) => {
    const res = await send('regression', make());
    expect(res.statusCode).toBe(status);
  });
});

describe('after the barrage', () => {
  // Stock can legitimately be 0 after purchases, and above QUANTITY_MAX when an item bought before the
  // owner raised the stock is removed from a cart; it must never be negative.
  const StoredProductSchema = ProductInputSchema.extend({
    mainQuantity: z
      .number()
      .int()
      .min(0)
      .max(2 ** 31 - 1),
  });
  const StoredCartLineSchema = PurchaseBodySchema.pick({ quantity: true, address: true, phone: true });

  it('stored only valid products and cart items, each exactly as its schema normalises it', async () => {
    const storedProducts = await t.database.db.select().from(products);
    const storedItems = await t.database.db.select().from(cartItems);
    expect(storedProducts.length).toBeGreaterThan(0);
    for (const row of storedProducts) {
      const input = {
        image: row.image,
        name: row.name,
        brandName: row.brandName,
        category: row.category,
        description: row.description,
        mainQuantity: row.mainQuantity,
        minSellingQuantity: row.minSellingQuantity,
        price: row.price,
        rating: row.rating,
      };
      const parsed = StoredProductSchema.safeParse(input);
      expect(parsed.success, `${row.id}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
      expect(parsed.data).toEqual(input);
      expect(row.mainQuantity).toBeGreaterThanOrEqual(0);
      expect(PriceTiersSchema.parse(row.priceTiers)).toEqual(row.priceTiers);
      expect(priceTierProblems(row, row.priceTiers), row.id).toEqual([]);
    }
    for (const row of storedItems) {
      const line = { quantity: row.quantity, address: row.address, phone: row.phone };
      const parsed = StoredCartLineSchema.safeParse(line);
      expect(parsed.success, `${row.id}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
      expect(parsed.data).toEqual(line);
      expect(ProductSchema.safeParse(row.productSnapshot).success).toBe(true);
      expect(row.unitPrice).toBeGreaterThan(0);
      if (row.idempotencyKey !== null) expect(row.idempotencyKey.length).toBeGreaterThanOrEqual(8);
    }
    console.log(
      `[hostile-input/${DB_KIND}] read back ${storedProducts.length} products and ${storedItems.length} cart items: all valid`,
    );
  });

  it('every cart answers in its contract, and nothing polluted Object.prototype', async () => {
    for (const user of [supplier, buyer, stranger]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/cart?email=${encodeURIComponent(user.email)}`,
        headers: authHeaders[user === supplier ? 'supplier' : user === buyer ? 'buyer' : 'stranger'],
      });
      expect(res.statusCode).toBe(200);
      expect(z.array(CartItemSchema).safeParse(res.json()).success).toBe(true);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.keys(Object.prototype)).toEqual([]);
  });
});
