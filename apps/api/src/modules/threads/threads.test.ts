import type { Message, Thread, Unread } from '@bulkwise/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/use-test-app';
import { bearer, createProduct, makeUser, placeOrder } from '../../../test/factories';
import { requestQuote } from '../../../test/quote-factories';
import { testClock } from '../../../test/test-clock';

const clock = testClock(new Date('2030-04-01T10:00:00Z'));
const supplier = makeUser('supplier');
const buyer = makeUser('buyer');
const stranger = makeUser('stranger');
let quoteId: string;
let orderId: string;
const t = useTestApp({ clock: clock.now });
beforeAll(async () => {
  const product = await createProduct(t, supplier, { minSellingQuantity: 1 });
  quoteId = (await requestQuote(t, buyer, [product._id], 5))._id;
  orderId = await placeOrder(t, buyer, product._id, 5);
});

const post = async (user: typeof buyer | null, subject: string, id: string, text: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/api/${subject}/${id}/messages`,
    headers: user ? await bearer(t, user) : {},
    payload: { text },
  });
const read = async (user: typeof buyer, subject: string, id: string) =>
  t.app.inject({ method: 'GET', url: `/api/${subject}/${id}/messages`, headers: await bearer(t, user) });
const unread = async (user: typeof buyer) =>
  (
    await t.app.inject({ method: 'GET', url: '/api/messages/unread', headers: await bearer(t, user) })
  ).json() as Unread;
const mails = async (subjectId: string) => {
  const r = await t.database.db.execute(
    sql`select recipient_uid from notification_outbox where kind = 'thread.message' and payload->>'subjectId' = ${subjectId}`,
  );
  return (r as unknown as { rows: Array<{ recipient_uid: string }> }).rows.map((x) => x.recipient_uid);
};

describe.each([
  ['quotes', () => quoteId],
  ['orders', () => orderId],
])('the thread of %s', (subject, id) => {
  it('keeps hostile text exactly, as text, and counts it unread for the other party', async () => {
    const hostile = [
      '<img src=x onerror=alert(1)><script>alert("x")</script>',
      'Price \u202Eevil\u202C and \u2067RTL\u2069 marks',
      `${'é'.repeat(1999)}🙂`,
    ];
    for (const text of hostile) expect((await post(buyer, subject, id(), text)).statusCode).toBe(201);
    const before = await unread(supplier);
    expect(before.threads.find((x) => x.id === id())?.unread).toBe(3);
    const res = await read(supplier, subject, id());
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    const thread = res.json() as Thread;
    expect(thread.you).toBe('supplier');
    expect(thread.messages.map((m: Message) => [m.from, m.text])).toEqual(hostile.map((h) => ['buyer', h]));
    // Reading marks them read; the writer never counts their own.
    expect((await unread(supplier)).threads.find((x) => x.id === id())).toBeUndefined();
    expect((await unread(buyer)).threads.find((x) => x.id === id())).toBeUndefined();
  });

  it('refuses empty, blank and 2,001-character text with a 400 naming it', async () => {
    for (const text of ['', '   ', 'x'.repeat(2001), 42]) {
      const res = await post(buyer, subject, id(), text);
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().fields)).toEqual(['text']);
    }
  });

  it('is 404 to a third user, reading or writing, and 401 without a token', async () => {
    expect((await read(stranger, subject, id())).statusCode).toBe(404);
    expect((await post(stranger, subject, id(), 'hello')).statusCode).toBe(404);
    expect((await post(null, subject, id(), 'hello')).statusCode).toBe(401);
    expect((await read(stranger, subject, crypto.randomUUID())).statusCode).toBe(404);
  });

  it('emails the other party at most once per thread per 10 minutes', async () => {
    const start = (await mails(id())).length;
    await post(supplier, subject, id(), 'first');
    await post(supplier, subject, id(), 'second');
    expect((await mails(id())).length).toBe(start + 1);
    clock.advance(10 * 60 * 1000 + 1);
    await post(supplier, subject, id(), 'third');
    expect((await mails(id())).filter((uid) => uid === buyer.uid).length).toBeGreaterThanOrEqual(2);
  });
});

describe('message limits', () => {
  it('a user posting more than 20 messages a minute gets 429', async () => {
    const chatty = makeUser('chatty');
    const p = await createProduct(t, supplier, { minSellingQuantity: 1 });
    const order = await placeOrder(t, chatty, p._id, 1);
    const codes: number[] = [];
    for (let i = 0; i < 21; i++) codes.push((await post(chatty, 'orders', order, `m${i}`)).statusCode);
    expect(codes.slice(0, 20).every((c) => c === 201)).toBe(true);
    expect(codes[20]).toBe(429);
    clock.advance(61_000);
    expect((await post(chatty, 'orders', order, 'later')).statusCode).toBe(201);
  });
});
