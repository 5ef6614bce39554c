import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import {
  QUOTE_EXPIRING_WITHIN_MS,
  QUOTE_LIST_FILTERS,
  quoteStatusAt,
  type QuoteActor,
  type QuoteListFilter,
  type QuoteStatus,
} from '@bulkwise/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DB_KIND, type TestApp } from '../../../test/build-test-app';
import { useTestApp } from '../../../test/use-test-app';
import { bearer, createProduct, makeUser, type TestUser } from '../../../test/factories';
import { DAY, listQuotes, requestBody } from '../../../test/quote-factories';
import { testClock } from '../../../test/test-clock';
import { sweepQuotes } from './quotes.sweep';

// The list's counts come from quote_counts (kept by triggers) plus the clock's part of the offers. A
// seeded random sequence of moves, rounds of conflicting moves at once on two instances with the sweep
// running, and the clock passing offers' ends: after each round the counts every party sees equal a
// recount of the quotes by the clock, and at the end every tab's pages list exactly the recount's quotes.
const HOUR = 60 * 60 * 1000;
const clock = testClock(new Date('2030-09-01T08:00:00Z'));
let other: Awaited<ReturnType<TestApp['peer']>>;
const t = useTestApp({ clock: clock.now });
beforeAll(async () => {
  other = await t.peer();
});

/** mulberry32: the same sequence for a seed, so a failure can be replayed with its seed. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let r = Math.imul(a ^ (a >>> 15), 1 | a);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(xs: T[]) => xs[Math.floor(next() * xs.length)]!,
  };
}

type Tracked = { id: string; buyer: TestUser; supplier: TestUser; productIds: string[]; version: number };
type Row = {
  id: string;
  buyer_uid: string;
  supplier_uid: string;
  status: QuoteStatus;
  valid_until: string | null;
};

const query = async <T>(q: SQL) => ((await t.database.db.execute(q)) as unknown as { rows: T[] }).rows;

/** Every quote, newest activity first (the list's order), and which list filters it is in by the clock. */
async function recount() {
  const now = clock.now();
  const rows = await query<Row>(sql`select id, buyer_uid, supplier_uid, status, valid_until from quotes
    order by last_activity_at desc, id desc`);
  const filtersOf = (r: Row): QuoteListFilter[] => {
    const status = quoteStatusAt(r.status, r.valid_until, now);
    const ending =
      r.valid_until && new Date(r.valid_until).getTime() - now.getTime() <= QUOTE_EXPIRING_WITHIN_MS;
    return status === 'offered' && ending ? [status, 'expiring'] : [status];
  };
  return rows.map((r) => ({ ...r, filters: filtersOf(r) }));
}

const mine = (rows: Awaited<ReturnType<typeof recount>>, party: TestUser, side: QuoteActor) =>
  rows.filter((r) => (side === 'buyer' ? r.buyer_uid : r.supplier_uid) === party.uid);

async function expectCountsAsRecounted(parties: TestUser[]) {
  const rows = await recount();
  for (const party of parties)
    for (const side of ['buyer', 'supplier'] as const) {
      const expected = Object.fromEntries(
        QUOTE_LIST_FILTERS.map((f) => [
          f,
          mine(rows, party, side).filter((r) => r.filters.includes(f)).length,
        ]),
      );
      // The lists are cached per party: a move made on the other instance, or the sweep run on the
      // database here, reaches this instance's cache by notification, within 100 ms (quotes.freshness.test.ts).
      const started = performance.now();
      let list = await listQuotes(t, party, `as=${side}&limit=1`);
      while (!isDeepStrictEqual(list.counts, expected) && performance.now() - started < 1_000) {
        await new Promise((resolve) => setTimeout(resolve, 5));
        list = await listQuotes(t, party, `as=${side}&limit=1`);
      }
      expect(list.counts, `${party.uid} as ${side}`).toEqual(expected);
    }
  return rows;
}

describe(`quote counts on ${DB_KIND}`, () => {
  const seed = Number(process.env.QUOTE_COUNTS_SEED ?? 26_100);
  const rnd = prng(seed);
  const suppliers = [makeUser('supplier-a'), makeUser('supplier-b')];
  // supplier-b also buys from supplier-a: one party on both sides.
  const buyers = [...Array.from({ length: 4 }, (_, i) => makeUser(`buyer${i}`)), suppliers[1]!];
  const parties = [...suppliers, ...buyers.slice(0, 4)];
  const tracked: Tracked[] = [];
  const productsOf = new Map<string, string[]>();

  /** One move on `q` by a random party (sometimes the wrong one), on a random instance. */
  async function move(q: Tracked) {
    const moves = ['offer', 'offer', 'counter', 'accept', 'accept', 'decline', 'withdraw'] as const;
    const kind = rnd.pick([...moves]);
    const lines = q.productIds.map((productId) => ({ productId, quantity: 10, unitPrice: 5 + rnd.int(5) }));
    const validFor = rnd.pick([2 * HOUR, 20 * HOUR, 3 * DAY, 10 * DAY]);
    const bodies = {
      offer: { lines, validUntil: new Date(clock.now().getTime() + validFor).toISOString() },
      counter: { lines },
      accept: { version: rnd.next() < 0.8 ? q.version : Math.max(0, q.version - 1) },
      decline: { reason: 'Not this time' },
      withdraw: undefined,
    };
    const natural = kind === 'offer' || (kind === 'decline' && rnd.next() < 0.5) ? q.supplier : q.buyer;
    const by = rnd.next() < 0.1 ? (natural === q.buyer ? q.supplier : q.buyer) : natural;
    const res = await (rnd.next() < 0.5 ? t.app : other).inject({
      method: 'POST',
      url: `/api/quotes/${q.id}/${kind}`,
      headers: await bearer(t, by),
      ...(bodies[kind] ? { payload: bodies[kind] } : {}),
    });
    expect(res.statusCode, `${kind}: ${res.body}`).toBeLessThan(500);
    if (res.statusCode === 200) q.version = Math.max(q.version, res.json().currentVersion as number);
    return res.statusCode;
  }

  async function request(buyer: TestUser) {
    const supplier = buyer === suppliers[1] ? suppliers[0]! : rnd.pick(suppliers);
    const productIds = productsOf.get(supplier.uid)!.slice(0, 1 + rnd.int(2));
    const res = await (rnd.next() < 0.5 ? t.app : other).inject({
      method: 'POST',
      url: '/api/quotes',
      headers: await bearer(t, buyer),
      payload: requestBody(productIds, 10),
    });
    expect([201, 429], res.body).toContain(res.statusCode);
    if (res.statusCode === 201) tracked.push({ id: res.json()._id, buyer, supplier, productIds, version: 0 });
  }

  it('equal a recount by the clock after random moves, races, the sweep and time passing', async () => {
    const seen = new Set<QuoteListFilter>();
    for (const s of suppliers) {
      const made = await Promise.all(
        [0, 1].map(() => createProduct(t, s, { mainQuantity: 1_000_000, minSellingQuantity: 1 })),
      );
      productsOf.set(
        s.uid,
        made.map((p) => p._id),
      );
    }
    for (let round = 0; round < 12; round++) {
      for (let i = 0; i < 4; i++) await request(rnd.pick(buyers));
      // One at a time, then a burst: every open quote gets two or three moves at once, with a sweep.
      for (let i = 0; i < 6 && tracked.length > 0; i++) await move(rnd.pick(tracked));
      const burst = tracked.filter(() => rnd.next() < 0.5);
      await Promise.all([
        ...burst.flatMap((q) => Array.from({ length: 2 + rnd.int(2) }, () => move(q))),
        sweepQuotes(t.database.db, clock.now()),
      ]);
      clock.advance(rnd.pick([0, HOUR, 5 * HOUR + 17 * 60_000, 23 * HOUR + 59 * 60_000, 2 * DAY]));
      if (rnd.next() < 0.3) await sweepQuotes(t.database.db, clock.now());
      for (const r of await expectCountsAsRecounted(parties)) r.filters.forEach((f) => seen.add(f));
    }
    // The rounds went through every status (and offers ending within a day, seed permitting).
    expect([...seen].sort(), `seed ${seed}`).toEqual(
      expect.arrayContaining([
        'accepted',
        'countered',
        'declined',
        'expired',
        'offered',
        'requested',
        'withdrawn',
      ]),
    );
    console.log(
      `[quote counts/${DB_KIND}] seed ${seed}: ${tracked.length} quotes, ${[...seen].sort().join(', ')}; counts equal the recount after each of 12 rounds`,
    );
  });

  it('every tab pages through exactly the recount’s quotes, newest activity first', async () => {
    // Leave some offers past their end unswept, so `expired` pages merge both kinds.
    clock.advance(3 * DAY);
    const rows = await recount();
    for (const party of parties)
      for (const side of ['buyer', 'supplier'] as const)
        for (const filter of [undefined, ...QUOTE_LIST_FILTERS]) {
          const expected = mine(rows, party, side)
            .filter((r) => !filter || r.filters.includes(filter))
            .map((r) => r.id);
          const got: string[] = [];
          let cursor: string | null = null;
          do {
            const base = `as=${side}&limit=3${filter ? `&status=${filter}` : ''}`;
            const page = await listQuotes(t, party, cursor ? `${base}&cursor=${cursor}` : base);
            got.push(...page.items.map((q) => q._id));
            for (const item of page.items)
              if (filter && filter !== 'expiring') expect(item.status).toBe(filter);
            cursor = page.nextCursor;
          } while (cursor);
          expect(got, `${party.uid} as ${side}, ${filter ?? 'all'}`).toEqual(expected);
        }
  });

  it('the kept counts equal what the migration backfills from the quotes', async () => {
    const kept = sql`select party_uid, side, status, n from quote_counts where n <> 0`;
    const before = await query<object>(sql`${kept} order by 1, 2, 3`);
    expect(before.length).toBeGreaterThan(0);
    const dir = path.join(import.meta.dirname, '../../db/migrations');
    const file = readdirSync(dir).find((f) => f.endsWith('_quote_counts.sql'))!;
    const backfill = readFileSync(path.join(dir, file), 'utf8').split('--> statement-breakpoint').at(-1)!;
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`delete from quote_counts`);
      await tx.execute(sql.raw(backfill));
      const after = (await tx.execute(sql`${kept} order by 1, 2, 3`)) as unknown as { rows: object[] };
      expect(after.rows).toEqual(before);
    });
  });
});
