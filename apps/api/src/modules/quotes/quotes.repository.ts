import type { QuoteActor, QuoteStatus } from '@bulkwise/contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { countSince, countWhere, firstWhere, ts } from '../../db/sql';
import { transactional } from '../../db/transactional';
import { isUniqueViolation } from '../../db/errors';
import { products, quoteVersions, quotes, type QuoteRow, type QuoteVersionRow } from '../../db/schema';
import { quoteListQueries, sideColumn } from './quotes.lists';

export type { QuoteCursor, QuotePageRow } from './quotes.lists';

export type NewQuote = Omit<
  typeof quotes.$inferInsert,
  'id' | 'status' | 'currentVersion' | 'validUntil' | 'orderIds' | 'expiryWarned'
>;

/** Reads of one quote, its versions and the products its lines name. */
function quoteReads(db: Db) {
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
    async findByKey(buyerUid: string, key: string): Promise<QuoteRow | undefined> {
      return firstWhere(db, quotes, and(eq(quotes.buyerUid, buyerUid), eq(quotes.idempotencyKey, key)));
    },
    async findById(id: string, options: { lock?: boolean } = {}): Promise<QuoteRow | undefined> {
      return firstWhere(db, quotes, eq(quotes.id, id), options);
    },
    async versions(quoteId: string): Promise<QuoteVersionRow[]> {
      return db
        .select()
        .from(quoteVersions)
        .where(eq(quoteVersions.quoteId, quoteId))
        .orderBy(asc(quoteVersions.number));
    },
  };
}

/** What a new request is checked against: the buyer's daily requests and the open quotes of the pair. */
function requestLimits(db: Db) {
  return {
    /** A buyer's requests created since `since` (the daily limit). */
    async requestsSince(buyerUid: string, since: Date): Promise<number> {
      return countSince(db, quotes, eq(quotes.buyerUid, buyerUid), quotes.createdAt, since);
    },
    /** Open quotes between one buyer and one supplier, by the clock. */
    async openBetween(buyerUid: string, supplierUid: string, now: Date): Promise<number> {
      return countWhere(
        db,
        quotes,
        and(
          eq(quotes.buyerUid, buyerUid),
          eq(quotes.supplierUid, supplierUid),
          sql`(${quotes.status} in ('requested', 'countered') or (${quotes.status} = 'offered' and ${quotes.validUntil} > ${ts(now)}))`,
        ),
      );
    },
    /** Serialises one buyer's requests (limits counted, then the insert) across instances. */
    async lockBuyer(buyerUid: string): Promise<void> {
      await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`quotes:${buyerUid}`}))`);
    },
  };
}

/** The writes: a new request, a guarded move, a new version. */
function quoteWrites(db: Db) {
  return {
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
  };
}

/** Queries of quotes. Each runs on the handle it was made with (pool or transaction). */
export function quoteQueries(db: Db) {
  return { ...quoteListQueries(db), ...quoteReads(db), ...requestLimits(db), ...quoteWrites(db) };
}
export type QuoteQueries = ReturnType<typeof quoteQueries>;

export const createQuotesRepository = (db: Db) => transactional(db, quoteQueries);
export type QuotesRepository = ReturnType<typeof createQuotesRepository>;
