import {
  QUOTE_STATUSES,
  quoteTransitionFor,
  type Quote,
  type QuoteActor,
  type QuoteMove,
  type QuoteStatus,
} from '@bulkwise/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/use-test-app';
import { createProduct, makeUser, type TestUser } from '../../../test/factories';
import {
  DAY,
  getQuote,
  offerQuote,
  pricedLines,
  quoteCall,
  requestQuote,
} from '../../../test/quote-factories';
import { testClock } from '../../../test/test-clock';

const clock = testClock(new Date('2030-05-01T08:00:00Z'));
let productId: string;
const supplier = makeUser('supplier');
const t = useTestApp({ clock: clock.now });
beforeAll(async () => {
  productId = (await createProduct(t, supplier, { mainQuantity: 10_000_000, minSellingQuantity: 1 }))._id;
});

const MOVES: Array<Exclude<QuoteMove, 'request'>> = ['offer', 'counter', 'accept', 'decline', 'withdraw'];
const ACTORS = ['buyer', 'supplier', 'another user', 'no token'] as const;

/** A quote of a buyer of its own (the open-requests limit is per pair) brought to `status`. */
async function quoteIn(status: QuoteStatus, buyer: TestUser): Promise<Quote> {
  const q = await requestQuote(t, buyer, [productId], 10);
  const ok = async (res: Promise<{ statusCode: number; body: string }>) => {
    const r = await res;
    if (r.statusCode !== 200) throw new Error(`setup ${status}: ${r.statusCode} ${r.body}`);
  };
  if (status === 'requested') return q;
  if (status === 'declined') await ok(quoteCall(t, supplier, q._id, 'decline', { reason: 'No stock soon' }));
  if (status === 'withdrawn') await ok(quoteCall(t, buyer, q._id, 'withdraw'));
  if (['offered', 'countered', 'accepted', 'expired'].includes(status))
    await offerQuote(t, supplier, q, clock.now(), 10, status === 'expired' ? 60 * 60 * 1000 : 7 * DAY);
  if (status === 'countered') await ok(quoteCall(t, buyer, q._id, 'counter', { lines: pricedLines(q, 9) }));
  if (status === 'accepted') await ok(quoteCall(t, buyer, q._id, 'accept', { version: 1 }));
  return getQuote(t, buyer, q._id);
}

function bodyFor(move: QuoteMove, q: Quote) {
  switch (move) {
    case 'offer':
      return { lines: pricedLines(q, 8), validUntil: new Date(clock.now().getTime() + DAY).toISOString() };
    case 'counter':
      return { lines: pricedLines(q, 7) };
    case 'accept':
      return { version: Math.max(1, q.currentVersion) };
    case 'decline':
      return { reason: 'Changed plans' };
    default:
      return undefined;
  }
}

/** What the table says: 403 for the wrong side, 200 from a from-state (or a repeat of a close or accept), else 409. */
function expected(status: QuoteStatus, move: QuoteMove, actor: (typeof ACTORS)[number]): number {
  if (actor === 'no token') return 401;
  if (actor === 'another user') return 404;
  const t = quoteTransitionFor(move, actor as QuoteActor);
  if (!t) return 403;
  if (t.from.includes(status)) return 200;
  // Repeating a close or the accept that already happened answers the quote; a new version is never a repeat.
  return status === t.to && REPEATABLE.includes(move) ? 200 : 409;
}
const REPEATABLE: QuoteMove[] = ['accept', 'decline', 'withdraw'];

describe('every state x every move x every actor', () => {
  it('answers as the transition table says and changes the quote only on a 200', async () => {
    const cases = QUOTE_STATUSES.flatMap((status) =>
      MOVES.flatMap((move) => ACTORS.map((actor) => ({ status, move, actor }))),
    );
    const prepared: Array<(typeof cases)[number] & { buyer: TestUser; quote: Quote }> = [];
    // Ten at a time: the setup is not what is under test, and a loaded machine's pool stays free.
    for (let i = 0; i < cases.length; i += 10) {
      const batch = cases.slice(i, i + 10);
      prepared.push(
        ...(await Promise.all(
          batch.map(async (c) => {
            const buyer = makeUser('matrix');
            return { ...c, buyer, quote: await quoteIn(c.status, buyer) };
          }),
        )),
      );
    }
    // Offers made for the `expired` cases end in an hour: two hours later they are expired by the clock.
    clock.advance(2 * 60 * 60 * 1000);
    const failures: string[] = [];
    const stranger = makeUser('stranger');
    for (const c of prepared) {
      expect(c.quote.status === c.status || c.status === 'expired').toBe(true);
      const user =
        c.actor === 'buyer'
          ? c.buyer
          : c.actor === 'supplier'
            ? supplier
            : c.actor === 'another user'
              ? stranger
              : null;
      const res = await quoteCall(t, user, c.quote._id, c.move, bodyFor(c.move, c.quote));
      const want = expected(c.status, c.move, c.actor);
      const label = `${c.status} x ${c.move} x ${c.actor}`;
      if (res.statusCode !== want) failures.push(`${label}: ${res.statusCode} (wanted ${want}) ${res.body}`);
      const after = await getQuote(t, c.buyer, c.quote._id);
      const changed = after.status !== c.status || after.currentVersion !== c.quote.currentVersion;
      const repeat =
        want === 200 &&
        REPEATABLE.includes(c.move) &&
        c.status === quoteTransitionFor(c.move, c.actor as QuoteActor)?.to;
      if (changed !== (want === 200 && !repeat))
        failures.push(`${label}: changed=${changed} status=${after.status}`);
    }
    expect(failures).toEqual([]);
  });
});
