import type { Quote, QuoteList } from '@bulkwise/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { DB_KIND } from '../../../test/build-test-app';
import { useTestApp } from '../../../test/use-test-app';
import { bearer, makeUser, type TestUser, supplierWithProduct } from '../../../test/factories';
import { DAY, offerQuote, pricedLines, quoteCall, requestQuote } from '../../../test/quote-factories';
import { testClock } from '../../../test/test-clock';
import { within } from '../../../test/within';

// The quotes lists (first pages with their counts) and the badge are kept in memory per trader: these prove
// a reader never sees what an acknowledged write replaced, on the instance that made it at once and on
// another within 100 ms, and that the tabs the clock moves change when it passes a deadline, with no write.
const HOUR = 60 * 60 * 1000;
const clock = testClock(new Date('2030-06-01T09:00:00Z'));
let b: FastifyInstance;
const t = useTestApp({ clock: clock.now });
beforeAll(async () => {
  b = await t.peer();
});

interface View {
  list: QuoteList;
  awaiting: number;
  etag: string;
}

/** The first page of one side (one tab with `status`) and the badge, as `user` on `app`. */
async function view(app: FastifyInstance, user: TestUser, side: 'buyer' | 'supplier', status?: string) {
  const headers = await bearer(t, user);
  const url = `/api/quotes?as=${side}&limit=20${status ? `&status=${status}` : ''}`;
  const list = await app.inject({ method: 'GET', url, headers });
  const awaiting = await app.inject({ method: 'GET', url: '/api/quotes/awaiting', headers });
  expect(list.statusCode, list.body).toBe(200);
  return {
    list: list.json() as QuoteList,
    awaiting: (awaiting.json() as { count: number }).count,
    etag: list.headers.etag as string,
  };
}

/** Read twice, so that the second answer (and what the test compares later) came from memory. */
async function cached(app: FastifyInstance, user: TestUser, side: 'buyer' | 'supplier', status?: string) {
  await view(app, user, side, status);
  return view(app, user, side, status);
}

const statusOf = (v: View, id: string) => v.list.items.find((q) => q._id === id)?.status;
const unreadOf = (v: View, id: string) => v.list.items.find((q) => q._id === id)?.unread;

async function trade() {
  const { supplier, product } = await supplierWithProduct(t, {
    mainQuantity: 100_000,
    minSellingQuantity: 1,
  });
  return { supplier, product, buyer: makeUser('buyer') };
}

const message = async (app: FastifyInstance, user: TestUser, id: string, text: string) =>
  app.inject({
    method: 'POST',
    url: `/api/quotes/${id}/messages`,
    headers: await bearer(t, user),
    payload: { text },
  });
const readThread = async (app: FastifyInstance, user: TestUser, id: string) =>
  app.inject({ method: 'GET', url: `/api/quotes/${id}/messages`, headers: await bearer(t, user) });

/**
 * Runs `work` with the notifying triggers of migration 0028 off, so that what this instance shows can only
 * come from its own invalidation (the notification would otherwise arrive during the write's last reads).
 */
async function withoutTriggers(work: () => Promise<void>) {
  const triggers = {
    quotes: ['quotes_notify_insert', 'quotes_notify_update'],
    quote_versions: ['quote_versions_notify_insert'],
    messages: ['quote_messages_notify_insert'],
    message_threads: ['quote_threads_notify_update'],
  };
  const toggle = async (how: 'enable' | 'disable') => {
    for (const [table, names] of Object.entries(triggers))
      for (const name of names)
        await t.database.db.execute(sql.raw(`alter table ${table} ${how} trigger ${name}`));
  };
  await toggle('disable');
  try {
    await work();
  } finally {
    await toggle('enable');
  }
}

describe(`the cached quotes lists after an acknowledged write, on ${DB_KIND}`, () => {
  it('show every move, a message and a read marker on the same instance at once', () =>
    withoutTriggers(async () => {
      const { supplier, product, buyer } = await trade();
      const first = await cached(t.app, supplier, 'supplier');
      expect(first.list.items).toEqual([]);
      const again = await t.app.inject({
        method: 'GET',
        url: '/api/quotes?as=supplier&limit=20',
        headers: { ...(await bearer(t, supplier)), 'if-none-match': first.etag },
      });
      expect(again.statusCode).toBe(304);

      // request
      const quote = await requestQuote(t, buyer, [product._id], 10);
      let now = await cached(t.app, supplier, 'supplier');
      expect([statusOf(now, quote._id), now.list.counts.requested, now.awaiting]).toEqual([
        'requested',
        1,
        1,
      ]);
      expect(statusOf(await cached(t.app, buyer, 'buyer'), quote._id)).toBe('requested');

      // offer: the supplier's move is made, the buyer's badge counts it
      const offered = await offerQuote(t, supplier, quote, clock.now(), 10, 7 * DAY);
      now = await cached(t.app, supplier, 'supplier');
      expect([statusOf(now, quote._id), now.list.counts.offered, now.awaiting]).toEqual(['offered', 1, 0]);
      let theirs = await cached(t.app, buyer, 'buyer');
      expect([statusOf(theirs, quote._id), theirs.list.items[0]?.total, theirs.awaiting]).toEqual([
        'offered',
        100,
        1,
      ]);

      // counter: a new version, a new total
      const countered = await quoteCall(t, buyer, quote._id, 'counter', { lines: pricedLines(offered, 8) });
      expect(countered.statusCode).toBe(200);
      theirs = await cached(t.app, buyer, 'buyer');
      expect([statusOf(theirs, quote._id), theirs.list.items[0]?.total, theirs.awaiting]).toEqual([
        'countered',
        80,
        0,
      ]);
      expect((await cached(t.app, supplier, 'supplier')).awaiting).toBe(1);

      // accept
      const again2 = await offerQuote(t, supplier, countered.json() as Quote, clock.now(), 9, 7 * DAY);
      await cached(t.app, buyer, 'buyer');
      const accepted = await quoteCall(t, buyer, quote._id, 'accept', { version: again2.currentVersion });
      expect(accepted.statusCode).toBe(200);
      now = await cached(t.app, supplier, 'supplier');
      expect([statusOf(now, quote._id), now.list.counts.accepted, now.list.counts.offered]).toEqual([
        'accepted',
        1,
        0,
      ]);

      // decline and withdraw, on two more quotes
      const declinable = await requestQuote(t, buyer, [product._id], 10);
      const withdrawable = await requestQuote(t, buyer, [product._id], 10);
      await cached(t.app, supplier, 'supplier');
      expect(
        (await quoteCall(t, supplier, declinable._id, 'decline', { reason: 'Out of season' })).statusCode,
      ).toBe(200);
      now = await cached(t.app, supplier, 'supplier');
      expect([statusOf(now, declinable._id), now.list.counts.declined, now.awaiting]).toEqual([
        'declined',
        1,
        1,
      ]);
      expect((await quoteCall(t, buyer, withdrawable._id, 'withdraw')).statusCode).toBe(200);
      now = await cached(t.app, supplier, 'supplier');
      expect([statusOf(now, withdrawable._id), now.list.counts.withdrawn, now.awaiting]).toEqual([
        'withdrawn',
        1,
        0,
      ]);

      // a message on the quote's thread, then the reader's marker
      expect(unreadOf(await cached(t.app, buyer, 'buyer'), quote._id)).toBe(0);
      expect((await message(t.app, supplier, quote._id, 'Shipping Monday')).statusCode).toBe(201);
      expect(unreadOf(await cached(t.app, buyer, 'buyer'), quote._id)).toBe(1);
      expect((await readThread(t.app, buyer, quote._id)).statusCode).toBe(200);
      expect(unreadOf(await cached(t.app, buyer, 'buyer'), quote._id)).toBe(0);
    }));

  it('show a write made on one instance on another within 100 ms, and back', async () => {
    const { supplier, product, buyer } = await trade();
    const quote = await requestQuote(t, buyer, [product._id], 10);
    for (const app of [t.app, b]) expect((await cached(app, buyer, 'buyer')).awaiting).toBe(0);
    await offerQuote(t, supplier, quote, clock.now(), 10, 7 * DAY);
    await within(
      100,
      () => view(b, buyer, 'buyer'),
      (v) => statusOf(v, quote._id) === 'offered' && v.awaiting === 1 && v.list.counts.offered === 1,
    );

    await cached(t.app, supplier, 'supplier');
    const declined = await b.inject({
      method: 'POST',
      url: `/api/quotes/${quote._id}/decline`,
      headers: await bearer(t, buyer),
      payload: { reason: 'Found it elsewhere' },
    });
    expect(declined.statusCode).toBe(200);
    await within(
      100,
      () => view(t.app, supplier, 'supplier'),
      (v) => statusOf(v, quote._id) === 'declined' && v.list.counts.declined === 1,
    );

    // A message posted on the peer, and the read marker it moves when read there.
    await cached(t.app, buyer, 'buyer');
    expect((await message(b, supplier, quote._id, 'Sorry to hear')).statusCode).toBe(201);
    await within(
      100,
      () => view(t.app, buyer, 'buyer'),
      (v) => unreadOf(v, quote._id) === 1,
    );
    expect((await readThread(b, buyer, quote._id)).statusCode).toBe(200);
    await within(
      100,
      () => view(t.app, buyer, 'buyer'),
      (v) => unreadOf(v, quote._id) === 0,
    );
  });

  it('show a change made outside the API (a script on the database) on every instance within 100 ms', async () => {
    const { supplier, product, buyer } = await trade();
    const quote = await requestQuote(t, buyer, [product._id], 10);
    for (const app of [t.app, b]) expect((await cached(app, supplier, 'supplier')).awaiting).toBe(1);
    await t.database.db.execute(sql`update quotes set status = 'withdrawn' where id = ${quote._id}`);
    for (const app of [t.app, b])
      await within(
        100,
        () => view(app, supplier, 'supplier'),
        (v) => statusOf(v, quote._id) === 'withdrawn' && v.awaiting === 0,
      );
  });
});

describe('the tabs the clock moves, with no write', () => {
  it('take an offer into Expiring 24 hours before its end and into Expired at its end, on every instance', async () => {
    const { supplier, product, buyer } = await trade();
    const quote = await requestQuote(t, buyer, [product._id], 10);
    await offerQuote(t, supplier, quote, clock.now(), 10, 30 * HOUR);
    const tabs = async (app: FastifyInstance) => ({
      expiring: (await cached(app, supplier, 'supplier', 'expiring')).list.items.map((q) => q._id),
      expired: (await cached(app, supplier, 'supplier', 'expired')).list.items.map((q) => q._id),
      all: (await cached(app, supplier, 'supplier')).list.counts,
      badge: (await cached(app, buyer, 'buyer')).awaiting,
    });
    for (const app of [t.app, b])
      expect(await tabs(app)).toMatchObject({
        expiring: [],
        expired: [],
        all: { offered: 1, expiring: 0 },
        badge: 1,
      });

    clock.advance(6 * HOUR - 1);
    for (const app of [t.app, b]) expect((await tabs(app)).expiring).toEqual([]);
    clock.advance(1);
    for (const app of [t.app, b])
      expect(await tabs(app)).toMatchObject({
        expiring: [quote._id],
        expired: [],
        all: { offered: 1, expiring: 1, expired: 0 },
        badge: 1,
      });

    clock.advance(DAY);
    for (const app of [t.app, b])
      expect(await tabs(app)).toMatchObject({
        expiring: [],
        expired: [quote._id],
        all: { offered: 0, expiring: 0, expired: 1 },
        badge: 0,
      });
  });
});
