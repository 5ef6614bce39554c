import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts, notificationOutbox, userSettings, type OutboxRow } from '../../db/schema';

export interface NewOutboxRow {
  kind: string;
  recipientUid: string;
  recipientEmail: string;
  payload: unknown;
}

/** Errors are stored for the operator, not for users: keep them short. */
const clip = (message: string) => message.slice(0, 500);

/** The workers' side: claims of due rows, and the purge of settled rows past their retention. */
function queueQueries(db: Db) {
  return {
    /**
     * Takes up to `limit` due rows (pending, or sending with an expired lease: the worker that held them
     * died) in one statement. SKIP LOCKED makes concurrent claims from several processes disjoint, and
     * the row leaves the due set before the claim commits, so no two workers ever hold one row.
     */
    async claim(limit: number, leaseMs: number): Promise<OutboxRow[]> {
      const due = db
        .select({ id: notificationOutbox.id })
        .from(notificationOutbox)
        .where(
          and(
            inArray(notificationOutbox.status, ['pending', 'sending']),
            sql`${notificationOutbox.availableAt} <= now()`,
          ),
        )
        .orderBy(notificationOutbox.availableAt)
        .limit(limit)
        .for('update', { skipLocked: true });
      return db
        .update(notificationOutbox)
        .set({
          status: 'sending',
          attempts: sql`${notificationOutbox.attempts} + 1`,
          availableAt: sql`now() + ${`${leaseMs} milliseconds`}::interval`,
        })
        .where(inArray(notificationOutbox.id, due))
        .returning();
    },

    /**
     * Deletes up to `limit` settled rows past their retention: sent and skipped ones `days` after they
     * were settled, failed ones after `failedDays` (longer: an operator may still look into them). A
     * row's mail holds addresses, phone numbers and shipping addresses, so it is not kept forever.
     * Pending and sending rows are never touched. Answers how many went.
     */
    async purge(days: number, failedDays: number, limit: number): Promise<number> {
      // Settled at: when sent, else when its last claim was taken (skipped and failed rows end there).
      const settledAt = sql`coalesce(${notificationOutbox.sentAt}, ${notificationOutbox.availableAt})`;
      const expired = db
        .select({ id: notificationOutbox.id })
        .from(notificationOutbox)
        .where(
          sql`(${notificationOutbox.status} in ('sent', 'skipped') and ${settledAt} < now() - ${days} * interval '1 day')
            or (${notificationOutbox.status} = 'failed' and ${settledAt} < now() - ${failedDays} * interval '1 day')`,
        )
        .limit(limit)
        .for('update', { skipLocked: true });
      const gone = await db
        .delete(notificationOutbox)
        .where(inArray(notificationOutbox.id, expired))
        .returning({ id: notificationOutbox.id });
      return gone.length;
    },
  };
}

/** A row's life: queued, then settled once claimed (sent, retried later, failed or skipped). */
function rowQueries(db: Db) {
  /** Only the claim that took the row (same attempt number, still sending) may settle it. */
  const claimed = (row: Pick<OutboxRow, 'id' | 'attempts'>) =>
    and(
      eq(notificationOutbox.id, row.id),
      eq(notificationOutbox.status, 'sending'),
      eq(notificationOutbox.attempts, row.attempts),
    );

  return {
    async enqueue(row: NewOutboxRow): Promise<void> {
      await db.insert(notificationOutbox).values(row);
    },

    async markSent(row: OutboxRow): Promise<boolean> {
      const done = await db
        .update(notificationOutbox)
        .set({ status: 'sent', sentAt: sql`now()`, lastError: null })
        .where(claimed(row))
        .returning({ id: notificationOutbox.id });
      return done.length === 1;
    },

    async markRetry(row: OutboxRow, error: string, delayMs: number): Promise<void> {
      await db
        .update(notificationOutbox)
        .set({
          status: 'pending',
          lastError: clip(error),
          availableAt: sql`now() + ${`${Math.round(delayMs)} milliseconds`}::interval`,
        })
        .where(claimed(row));
    },

    async markFailed(row: OutboxRow, error: string): Promise<void> {
      await db
        .update(notificationOutbox)
        .set({ status: 'failed', lastError: clip(error) })
        .where(claimed(row));
    },

    /** `reason` says why no mail went (kept in last_error for the operator). */
    async markSkipped(row: OutboxRow, reason: string): Promise<void> {
      await db
        .update(notificationOutbox)
        .set({ status: 'skipped', lastError: clip(reason) })
        .where(claimed(row));
    },
  };
}

/** What the worker checks about recipients before it sends: their email settings and verified addresses. */
function recipientQueries(db: Db) {
  return {
    /** Who of `uids` turned order emails off, and who low-stock emails. */
    async emailsOff(uids: string[]): Promise<{ orders: Set<string>; lowStock: Set<string> }> {
      if (uids.length === 0) return { orders: new Set(), lowStock: new Set() };
      const rows = await db
        .select({
          uid: userSettings.uid,
          orders: userSettings.emailNotifications,
          lowStock: userSettings.lowStockEmails,
        })
        .from(userSettings)
        .where(
          and(
            inArray(userSettings.uid, uids),
            or(eq(userSettings.emailNotifications, false), eq(userSettings.lowStockEmails, false)),
          ),
        );
      return {
        orders: new Set(rows.filter((r) => !r.orders).map((r) => r.uid)),
        lowStock: new Set(rows.filter((r) => !r.lowStock).map((r) => r.uid)),
      };
    },

    /** The rows among `rows` whose recipient address is the verified address of its uid (decision 0019). */
    async verifiedRecipients(rows: Array<Pick<OutboxRow, 'recipientUid' | 'recipientEmail'>>) {
      if (rows.length === 0) return new Set<string>();
      const found = await db
        .select({ uid: accounts.uid, email: accounts.email })
        .from(accounts)
        .where(
          and(
            inArray(accounts.uid, [...new Set(rows.map((r) => r.recipientUid))]),
            eq(accounts.emailVerified, true),
          ),
        );
      return new Set(found.map((r) => recipientKey(r.uid, r.email)));
    },
  };
}

/** Outbox queries. Each runs on the handle it was made with (pool or the caller's transaction). */
export function createOutboxRepository(db: Db) {
  return { ...queueQueries(db), ...rowQueries(db), ...recipientQueries(db) };
}

/** A recipient as `verifiedRecipients` answers it: the uid with its address (case does not matter). */
export const recipientKey = (uid: string, email: string) => `${uid} ${email.toLowerCase()}`;
export type OutboxRepository = ReturnType<typeof createOutboxRepository>;
