import type { QuoteActor, QuoteListFilter, QuoteStatus } from '@bulkwise/contracts';
import { QUOTE_EXPIRING_WITHIN_MS, QUOTE_LIST_FILTERS } from '@bulkwise/contracts';
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import {
  products,
  quoteVersions,
  quotes,
  type QuotePricedLine,
  type QuoteRow,
  type QuoteVersionRow,
} from '../../db/schema';

export type NewQuote = Omit<
  typeof quotes.$inferInsert,
  'id' | 'status' | 'currentVersion' | 'validUntil' | 'orderIds' | 'expiryWarned'
>;

/** Position after the last row of a page: its activity time (microseconds, as text) and id. */
export type QuoteCursor = { at: string; id: string };
export type QuotePageRow = QuoteRow & {
  activityCursor: string;
  currentLines: QuotePricedLine[] | null;
  unread: number;
};

const ACTIVITY_EXACT = sql<string>`to_char(${quotes.lastActivityAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/** The status filters as SQL, by the clock `now`: an offer past its end is expired already. */
function statusCondition(filter: QuoteListFilter, now: Date): SQL {
  const live = sql`${quotes.validUntil} > ${ts(now)}`;
  switch (filter) {
    case 'offered':
      return sql`(${quotes.status} = 'offered' and ${live})`;
    case 'expired':
      return sql`(${quotes.status} = 'expired' or (${quotes.status} = 'offered' and not ${live}))`;
    case 'expiring':
      return sql`(${quotes.status} = 'offered' and ${live} and ${quotes.validUntil} <= ${ts(new Date(now.getTime() + QUOTE_EXPIRING_WITHIN_MS))})`;
    default:
      return eq(quotes.status, filter);
  }
}

const sideColumn = (side: QuoteActor) => (side === 'buyer' ? quotes.buyerUid : quotes.supplierUid);

/** Queries of quotes. Each runs on the handle it was made with (pool or transaction). */
export function quoteQueries(db: Db) {
  return {
    async productsOf(ids: string[]) {
      if (ids.length === 0) return [];
      return db
        .select({
          id: products.id,
          name: products.name,
          image: products.image,
          ownerUid: products.ownerUid,
          userEmail: products.userEmail,
          userName: products.userName,
        })
        .from(products)
        .where(inArray(products.id, ids));
    },
    async stockOf(productId: string): Promise<number> {
      const [row] = await db
        .select({ stock: products.mainQuantity })
        .from(products)
        .where(eq(products.id, productId));
      return row?.stock ?? 0;
    },
    /** The new quote, or undefined when the buyer's Idempotency-Key already names one. */
    async insert(row: NewQuote): Promise<QuoteRow | undefined> {
      try {
        const [created] = await db.insert(quotes).values(row).returning();
        return created;
      } catch (err) {
        if (row.idempotencyKey && isUniqueViolation(err)) return undefined;
        throw err;
      }
    },
    async findByKey(buyerUid: string, key: string): Promise<QuoteRow | undefined> {
      const [row] = await db
        .select()
        .from(quotes)
        .where(and(eq(quotes.buyerUid, buyerUid), eq(quotes.idempotencyKey, key)));
      return row;
    },
    async findById(id: string, options: { lock?: boolean } = {}): Promise<QuoteRow | undefined> {
      const query = db.select().from(quotes).where(eq(quotes.id, id));
      const [row] = options.lock ? await query.for('update') : await query;
      return row;
    },
    async versions(quoteId: string): Promise<QuoteVersionRow[]> {
      return db
        .select()
        .from(quoteVersions)
        .where(eq(quoteVersions.quoteId, quoteId))
        .orderBy(asc(quoteVersions.number));
    },
    /** A buyer's requests created since `since` (the daily limit). */
    async requestsSince(buyerUid: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(quotes)
        .where(and(eq(quotes.buyerUid, buyerUid), sql`${quotes.createdAt} > ${ts(since)}`));
      return row?.n ?? 0;
    },
    /** Open quotes between one buyer and one supplier, by the clock. */
    async openBetween(buyerUid: string, supplierUid: string, now: Date): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(quotes)
        .where(
          and(
            eq(quotes.buyerUid, buyerUid),
            eq(quotes.supplierUid, supplierUid),
            sql`(${quotes.status} in ('requested', 'countered') or (${quotes.status} = 'offered' and ${quotes.validUntil} > ${ts(now)}))`,
          ),
        );
      return row?.n ?? 0;
    },
    /** Serialises one buyer's requests (limits counted, then the insert) across instances. */
    async lockBuyer(buyerUid: string): Promise<void> {
      await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`quotes:${buyerUid}`}))`);
    },
    /**
     * The guarded move: changes the quote only while it is in one of `from` (an offer only while it has
     * not expired by `now`), `uid` is the `actor`'s party and, when given, the version is `version`.
     * Concurrent moves queue on the row lock and re-check the guard: exactly one wins.
     */
    async move(
      id: string,
      guard: { actor: QuoteActor; uid: string; from: readonly QuoteStatus[]; now: Date; version?: number },
      changes: Partial<
        Pick<QuoteRow, 'status' | 'validUntil' | 'declinedBy' | 'declineReason' | 'orderIds'>
      > & {
        bumpVersion?: boolean;
      },
    ): Promise<QuoteRow | undefined> {
      const { bumpVersion, ...set } = changes;
      const conditions = [
        eq(quotes.id, id),
        eq(sideColumn(guard.actor), guard.uid),
        inArray(quotes.status, [...guard.from]),
        sql`(${quotes.status} <> 'offered' or ${quotes.validUntil} > ${ts(guard.now)})`,
      ];
      if (guard.version !== undefined) conditions.push(eq(quotes.currentVersion, guard.version));
      const [row] = await db
        .update(quotes)
        .set({
          ...set,
          lastActivityAt: guard.now,
          ...(bumpVersion ? { currentVersion: sql`${quotes.currentVersion} + 1`, expiryWarned: false } : {}),
        })
        .where(and(...conditions))
        .returning();
      return row;
    },
    async insertVersion(row: typeof quoteVersions.$inferInsert): Promise<void> {
      await db.insert(quoteVersions).values(row);
    },
    async page(
      uid: string,
      side: QuoteActor,
      now: Date,
      limit: number,
      filter?: QuoteListFilter,
      cursor?: QuoteCursor,
    ) {
      const conditions = [eq(sideColumn(side), uid)];
      if (filter) conditions.push(statusCondition(filter, now));
      if (cursor)
        conditions.push(
          sql`(${quotes.lastActivityAt}, ${quotes.id}) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`,
        );
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
    /** Every quote of `uid` on one side, per list filter, by the clock. */
    async counts(uid: string, side: QuoteActor, now: Date): Promise<Record<QuoteListFilter, number>> {
      const [row] = await db
        .select(
          Object.fromEntries(
            QUOTE_LIST_FILTERS.map((f) => [
              f,
              sql<number>`(count(*) filter (where ${statusCondition(f, now)}))::int`,
            ]),
          ) as unknown as Record<QuoteListFilter, SQL<number>>,
        )
        .from(quotes)
        .where(eq(sideColumn(side), uid));
      return row as unknown as Record<QuoteListFilter, number>;
    },
    /** Quotes waiting for `uid`'s move: requests and counters as supplier, live offers as buyer. */
    async awaiting(uid: string, now: Date): Promise<number> {
      const result = await db.execute(sql`select
        (select count(*) from ${quotes} where supplier_uid = ${uid} and status in ('requested', 'countered'))::int
        + (select count(*) from ${quotes} where buyer_uid = ${uid} and status = 'offered' and valid_until > ${ts(now)})::int as n`);
      return Number((result as unknown as { rows: Array<{ n: number }> }).rows[0]?.n ?? 0);
    },
  };
}
export type QuoteQueries = ReturnType<typeof quoteQueries>;

export function createQuotesRepository(db: Db) {
  return {
    ...quoteQueries(db),
    /** Runs `work` in one transaction; `tx` is the transaction's handle (stock, orders, outbox). */
    transaction: <T>(work: (queries: QuoteQueries, tx: Db) => Promise<T>): Promise<T> =>
      db.transaction((tx) => work(quoteQueries(tx as unknown as Db), tx as unknown as Db)),
  };
}
export type QuotesRepository = ReturnType<typeof createQuotesRepository>;
