import type { QuoteActor, ThreadSubject } from '@bulkwise/contracts';
import { MESSAGE_EMAIL_EVERY_MS } from '@bulkwise/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { countSince, firstWhere, ts } from '../../db/sql';
import { transactional } from '../../db/transactional';
import { messageThreads, messages, type MessageRow, type MessageThreadRow } from '../../db/schema';

/** The subject's thread, its messages, a new message and the unread counts. */
function threadMessages(db: Db) {
  return {
    async find(subject: ThreadSubject, subjectId: string): Promise<MessageThreadRow | undefined> {
      return firstWhere(
        db,
        messageThreads,
        and(eq(messageThreads.subjectType, subject), eq(messageThreads.subjectId, subjectId)),
      );
    },
    /** The subject's thread, created on its first message (two first messages at once make one thread). */
    async ensure(subject: ThreadSubject, subjectId: string, buyerUid: string, supplierUid: string) {
      await db
        .insert(messageThreads)
        .values({ subjectType: subject, subjectId, buyerUid, supplierUid })
        .onConflictDoNothing();
      return (await this.find(subject, subjectId))!;
    },
    async messages(threadId: string): Promise<MessageRow[]> {
      return db.select().from(messages).where(eq(messages.threadId, threadId)).orderBy(asc(messages.id));
    },
    async insert(row: typeof messages.$inferInsert): Promise<MessageRow> {
      const [created] = await db.insert(messages).values(row).returning();
      return created!;
    },
    /** Per thread of `uid`, the messages of the other party after the caller's read marker. */
    async unread(uid: string): Promise<Array<{ subject: ThreadSubject; id: string; unread: number }>> {
      const result = await db.execute(sql`
        select t.subject_type as subject, t.subject_id as id, count(m.id)::int as unread
        from ${messageThreads} t
        join ${messages} m on m.thread_id = t.id
          and m.id > case when t.buyer_uid = ${uid} then t.buyer_read_id else t.supplier_read_id end
          and m.from_party <> case when t.buyer_uid = ${uid} then 'buyer' else 'supplier' end
        where t.buyer_uid = ${uid} or t.supplier_uid = ${uid}
        group by t.subject_type, t.subject_id`);
      return (result as unknown as { rows: Array<{ subject: ThreadSubject; id: string; unread: number }> })
        .rows;
    },
  };
}

/** The read markers, the writer's rate and the email window, each moved by one guarded statement. */
function threadMarkers(db: Db) {
  return {
    /**
     * Moves the reader's marker forward only (two tabs reading at once never move it back); true when it
     * moved. A marker already there is not written again: the quotes lists' caches drop on a move.
     */
    async markRead(threadId: string, side: QuoteActor, upTo: number): Promise<boolean> {
      const column = side === 'buyer' ? messageThreads.buyerReadId : messageThreads.supplierReadId;
      const moved = await db
        .update(messageThreads)
        .set({ [side === 'buyer' ? 'buyerReadId' : 'supplierReadId']: sql`greatest(${column}, ${upTo})` })
        .where(and(eq(messageThreads.id, threadId), sql`${column} < ${upTo}`))
        .returning({ id: messageThreads.id });
      return moved.length === 1;
    },
    async postedSince(authorUid: string, since: Date): Promise<number> {
      return countSince(db, messages, eq(messages.authorUid, authorUid), messages.at, since);
    },
    /**
     * Claims the right to email `to` about this thread: true at most once per window, whichever instance
     * asks (the conditional UPDATE has one winner), so a chat does not flood an inbox.
     */
    async claimEmail(threadId: string, to: QuoteActor, now: Date): Promise<boolean> {
      const column = to === 'buyer' ? messageThreads.buyerEmailedAt : messageThreads.supplierEmailedAt;
      const since = new Date(now.getTime() - MESSAGE_EMAIL_EVERY_MS);
      const rows = await db
        .update(messageThreads)
        .set({ [to === 'buyer' ? 'buyerEmailedAt' : 'supplierEmailedAt']: now })
        .where(and(eq(messageThreads.id, threadId), sql`(${column} is null or ${column} <= ${ts(since)})`))
        .returning({ id: messageThreads.id });
      return rows.length === 1;
    },
  };
}

/** Queries of threads. Each runs on the handle it was made with (pool or transaction). */
export function threadQueries(db: Db) {
  return { ...threadMessages(db), ...threadMarkers(db) };
}
export type ThreadQueries = ReturnType<typeof threadQueries>;

export const createThreadsRepository = (db: Db) => transactional(db, threadQueries);
export type ThreadsRepository = ReturnType<typeof createThreadsRepository>;
