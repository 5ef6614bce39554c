import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts, cartItems } from '../../db/schema';

/** The per-user email state the server knows (decision 0019). */
export function createAccountsRepository(db: Db) {
  return {
    /**
     * Records what a Firebase ID token says. One upsert; an older token (minted before the one last
     * recorded) changes nothing, so a stale exchange racing a fresh one cannot mark a verified address
     * unverified again. Answers the suppliers whose desks show this user as a buyer when the recorded
     * state changed (their cached pages carry the mark), else none.
     */
    async record(identity: {
      uid: string;
      email: string;
      emailVerified: boolean;
      issuedAt: number;
    }): Promise<string[]> {
      const issuedAt = new Date(identity.issuedAt * 1000);
      const state = (row?: { email: string; emailVerified: boolean }) =>
        row?.emailVerified ? row.email : null;
      return db.transaction(async (tx) => {
        const [before] = await tx
          .select({ email: accounts.email, emailVerified: accounts.emailVerified })
          .from(accounts)
          .where(eq(accounts.uid, identity.uid))
          .for('update');
        const [after] = await tx
          .insert(accounts)
          .values({
            uid: identity.uid,
            email: identity.email,
            emailVerified: identity.emailVerified,
            updatedAt: issuedAt,
          })
          .onConflictDoUpdate({
            target: accounts.uid,
            set: {
              email: sql`excluded.email`,
              emailVerified: sql`excluded.email_verified`,
              updatedAt: sql`excluded.updated_at`,
            },
            setWhere: sql`${accounts.updatedAt} <= excluded.updated_at`,
          })
          .returning({ email: accounts.email, emailVerified: accounts.emailVerified });
        if (after === undefined || state(before) === state(after)) return [];
        const suppliers = await tx
          .selectDistinct({ uid: cartItems.supplierUid })
          .from(cartItems)
          .where(and(eq(cartItems.buyerUid, identity.uid), isNotNull(cartItems.supplierUid)));
        return suppliers.map((s) => s.uid!);
      });
    },

    /** Whether `email` is the verified address of `uid`. */
    async isVerified(uid: string, email: string): Promise<boolean> {
      const [row] = await db
        .select({ uid: accounts.uid })
        .from(accounts)
        .where(and(eq(accounts.uid, uid), eq(accounts.email, email), eq(accounts.emailVerified, true)));
      return row !== undefined;
    },
  };
}
export type AccountsRepository = ReturnType<typeof createAccountsRepository>;
