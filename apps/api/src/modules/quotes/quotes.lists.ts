import type { QuoteActor, QuoteListFilter, QuoteStatus } from '@bulkwise/contracts';
import { QUOTE_EXPIRING_WITHIN_MS, QUOTE_STATUSES } from '@bulkwise/contracts';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ts } from '../../db/sql';
import { quoteCounts, quoteVersions, quotes, type QuotePricedLine, type QuoteRow } from '../../db/schema';

/** Position after the last row of a page: its activity time (microseconds, as text) and id. */
export type QuoteCursor = { at: string; id: string };
export type QuotePageRow = QuoteRow & {
  activityCursor: string;
  currentLines: QuotePricedLine[] | null;
  unread: number;
};

const ACTIVITY_EXACT = sql<string>`to_char(${quotes.lastActivityAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export const sideColumn = (side: QuoteActor) => (side === 'buyer' ? quotes.buyerUid : quotes.supplierUid);
const soon = (now: Date) => new Date(now.getTime() + QUOTE_EXPIRING_WITHIN_MS);
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The status filters as SQL, by the clock `now`: an offer past its end is expired already. */
function statusCondition(filter: QuoteListFilter, now: Date): SQL {
  const live = sql`${quotes.validUntil} > ${ts(now)}`;
  switch (filter) {
    case 'offered':
      return sql`(${quotes.status} = 'offered' and ${live})`;
    case 'expired':
      return sql`(${quotes.status} = 'expired' or (${quotes.status} = 'offered' and not ${live}))`;
    case 'expiring':
      return sql`(${quotes.status} = 'offered' and ${live} and ${quotes.validUntil} <= ${ts(soon(now))})`;
    default:
      return eq(quotes.status, filter);
  }
}

/**
 * The ids of an `expired` or `expiring` page, so that the page reads about `limit` rows however rare the
 * tab is: stored `expired` rows newest first from the (party, status, activity) index, and offers by their
 * end from the (party, status, valid_until) index, a range the clock bounds (past their end and not yet
 * swept, or ending within 24 hours), sorted after the read. `offset 0` keeps the planner from reading all
 * of the party's offers in activity order instead (it cannot tell how few have ended).
 */
function clockPageIds(
  filter: QuoteListFilter,
  uid: string,
  side: QuoteActor,
  now: Date,
  limit: number,
  after: SQL | undefined,
): SQL | undefined {
  const party = sql`${sideColumn(side)} = ${uid} ${after ? sql`and ${after}` : sql``}`;
  const offersEnding = (range: SQL) => sql`(select r.id, r.last_activity_at from (
      select ${quotes.id}, ${quotes.lastActivityAt} from ${quotes}
      where ${party} and ${quotes.status} = 'offered' and ${range} offset 0) r
    order by r.last_activity_at desc, r.id desc limit ${limit})`;
  const ended = sql`${quotes.validUntil} <= ${ts(now)}`;
  const endingSoon = sql`${quotes.validUntil} > ${ts(now)} and ${quotes.validUntil} <= ${ts(soon(now))}`;
  if (filter === 'expiring') return sql`${quotes.id} in (select e.id from ${offersEnding(endingSoon)} e)`;
  if (filter !== 'expired') return undefined;
  const stored = sql`(select ${quotes.id}, ${quotes.lastActivityAt} from ${quotes}
    where ${party} and ${quotes.status} = 'expired'
    order by ${quotes.lastActivityAt} desc, ${quotes.id} desc limit ${limit})`;
  return sql`${quotes.id} in (select e.id from (${stored} union all ${offersEnding(ended)}) e)`;
}

/** Offers of `uid` on `side` past their end (not yet swept) and ending within 24 hours, by the clock. */
const clockPart = (uid: string, side: QuoteActor, now: Date) => sql`
    (select count(*) from ${quotes} where ${sideColumn(side)} = ${uid} and ${quotes.status} = 'offered'
      and ${quotes.validUntil} <= ${ts(now)})::int as lapsed,
    (select count(*) from ${quotes} where ${sideColumn(side)} = ${uid} and ${quotes.status} = 'offered'
      and ${quotes.validUntil} > ${ts(now)} and ${quotes.validUntil} <= ${ts(soon(now))})::int as expiring`;

/** One page of a side's list, newest activity first. */
function quotePages(db: Db) {
  return {
    async page(
      uid: string,
      side: QuoteActor,
      now: Date,
      limit: number,
      filter?: QuoteListFilter,
      cursor?: QuoteCursor,
    ) {
      const after = cursor
        ? sql`(${quotes.lastActivityAt}, ${quotes.id}) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`
        : undefined;
      const conditions = [eq(sideColumn(side), uid)];
      if (filter) conditions.push(statusCondition(filter, now));
      const ids = filter && clockPageIds(filter, uid, side, now, limit + 1, after);
      if (ids) conditions.push(ids);
      if (after) conditions.push(after);
      const party = sql.raw(side === 'buyer' ? "'buyer'" : "'supplier'");
      const readId = sql.raw(side === 'buyer' ? 't.buyer_read_id' : 't.supplier_read_id');
      const rows = await db
        .select({
          quote: quotes,
          activityCursor: ACTIVITY_EXACT,
          currentLines: sql<QuotePricedLine[] | null>`(select v.lines from ${quoteVersions} v
            where v.quote_id = ${quotes}.id and v.number = ${quotes}.current_version)`,
          unread: sql<number>`(select count(*)::int from message_threads t join messages m on m.thread_id = t.id
            where t.subject_type = 'quote' and t.subject_id = ${quotes}.id and m.id > ${readId} and m.from_party <> ${party})`,
        })
        .from(quotes)
        .where(and(...conditions))
        .orderBy(desc(quotes.lastActivityAt), desc(quotes.id))
        .limit(limit + 1);
      const mapped: QuotePageRow[] = rows.map((r) => ({
        ...r.quote,
        activityCursor: r.activityCursor,
        currentLines: r.currentLines,
        unread: r.unread,
      }));
      return { rows: mapped.slice(0, limit), hasMore: rows.length > limit };
    },
  };
}

/** The counts per list filter, when the clock next changes them, and the navigation badge. */
function quoteCountQueries(db: Db) {
  return {
    /**
     * Every quote of `uid` on one side, per list filter, by the clock: the kept counts per stored status
     * (quote_counts), with offers past their end moved from `offered` to `expired`, and those ending within
     * 24 hours counted, from the (party, status, valid_until) index.
     */
    async counts(uid: string, side: QuoteActor, now: Date): Promise<Record<QuoteListFilter, number>> {
      const result = await db.execute(sql`select
        (select coalesce(jsonb_object_agg(${quoteCounts.status}, ${quoteCounts.n}), '{}'::jsonb)
          from ${quoteCounts} where ${quoteCounts.partyUid} = ${uid} and ${quoteCounts.side} = ${side}) as stored,
        ${clockPart(uid, side, now)}`);
      const [row] = rowsOf<{
        stored: Partial<Record<QuoteStatus, number>>;
        lapsed: number;
        expiring: number;
      }>(result);
      const stored = (status: QuoteStatus) => Number(row?.stored[status] ?? 0);
      const lapsed = Number(row?.lapsed ?? 0);
      const counts = Object.fromEntries(QUOTE_STATUSES.map((s) => [s, stored(s)])) as Record<
        QuoteListFilter,
        number
      >;
      counts.offered -= lapsed;
      counts.expired += lapsed;
      counts.expiring = Number(row?.expiring ?? 0);
      return counts;
    },

    /**
     * When the clock next changes what `uid`'s lists on `side` show without any write: the first live offer
     * to end (it moves to Expired) and the first to come within 24 hours of its end (it joins Expiring),
     * from the (party, status, valid_until) index. Null: no such offer.
     */
    async clockChanges(uid: string, side: QuoteActor, now: Date) {
      const firstOfferEndingAfter = (at: Date) => sql`(select ${quotes.validUntil} from ${quotes}
        where ${sideColumn(side)} = ${uid} and ${quotes.status} = 'offered' and ${quotes.validUntil} > ${ts(at)}
        order by ${quotes.validUntil} limit 1)`;
      const result = await db.execute(sql`select ${firstOfferEndingAfter(now)} as ends,
        ${firstOfferEndingAfter(soon(now))} as nears`);
      const [row] = rowsOf<{ ends: string | Date | null; nears: string | Date | null }>(result);
      const ms = (at: string | Date | null | undefined) => (at == null ? Infinity : new Date(at).getTime());
      return { offerEnds: ms(row?.ends), offerNears: ms(row?.nears) - QUOTE_EXPIRING_WITHIN_MS };
    },

    /** Quotes waiting for `uid`'s move: requests and counters as supplier, live offers as buyer. */
    async awaiting(uid: string, now: Date): Promise<number> {
      const result = await db.execute(sql`select
        (select coalesce(sum(${quoteCounts.n}), 0) from ${quoteCounts} where ${quoteCounts.partyUid} = ${uid}
          and ((${quoteCounts.side} = 'supplier' and ${quoteCounts.status} in ('requested', 'countered'))
            or (${quoteCounts.side} = 'buyer' and ${quoteCounts.status} = 'offered')))::int
        - (select count(*) from ${quotes} where ${quotes.buyerUid} = ${uid} and ${quotes.status} = 'offered'
          and ${quotes.validUntil} <= ${ts(now)})::int as n`);
      return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
    },
  };
}

/** The list reads: one page of a side, the counts per status, the navigation badge. */
export function quoteListQueries(db: Db) {
  return { ...quotePages(db), ...quoteCountQueries(db) };
}
