import type { AccountStatus, SetTermsBody, TermsRequestBody } from '@bulkwise/contracts';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { firstWhere, rowsOf } from '../../db/sql';
import { transactional } from '../../db/transactional';
import { products, tradeAccountHistory, tradeAccounts, type TradeAccountRow } from '../../db/schema';

/** Money an account owes and its open invoice balances by age (days since issue), in cents. */
export interface AccountFigures {
  outstanding: number;
  current: number;
  days31to60: number;
  days61to90: number;
  over90: number;
}

export interface HistoryRow {
  accountId: string;
  action: string;
  by: 'buyer' | 'supplier' | 'system';
  reason: string | null;
  at: string;
}

export type HistoryEntry = Omit<HistoryRow, 'accountId' | 'at'> & { details?: unknown };

/**
 * Outstanding as the purchase trigger counts it (migration 0025): the open invoice balances plus the
 * orders not shipped yet that have no invoice. Aging: open invoice balances by days since their issue
 * date on `today`.
 */
function figuresQuery(ids: string[], today: string): SQL {
  const open = sql`i.voided_at is null and i.paid_cents + i.credited_cents < i.total_cents`;
  const balance = sql`(i.total_cents - i.paid_cents - i.credited_cents)`;
  const age = sql`(${today}::date - i.issued_on)`;
  const bucket = (cond: SQL) =>
    sql`(select coalesce(sum(${balance}), 0)::bigint from invoices i where i.account_id = a.id and ${open} and ${cond})`;
  return sql`select a.id,
    (select coalesce(sum(${balance}), 0)::bigint from invoices i where i.account_id = a.id and ${open})
    + (select coalesce(sum(round(c.unit_price * 100)::bigint * c.quantity), 0)::bigint from cart_items c
      where c.buyer_uid = a.buyer_uid and c.supplier_uid = a.supplier_uid and c.status in ('placed', 'confirmed')
      and not exists (select 1 from invoices i where i.order_id = c.id)) as outstanding,
    ${bucket(sql`${age} <= 30`)} as current,
    ${bucket(sql`${age} between 31 and 60`)} as "days31to60",
    ${bucket(sql`${age} between 61 and 90`)} as "days61to90",
    ${bucket(sql`${age} > 90`)} as over90
    from trade_accounts a where a.id in (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`;
}

/** One account (locked or not), a party's accounts, and who a supplier is. */
function accountReads(db: Db) {
  return {
    async findById(id: string): Promise<TradeAccountRow | undefined> {
      return firstWhere(db, tradeAccounts, eq(tradeAccounts.id, id));
    },
    async lock(id: string): Promise<TradeAccountRow | undefined> {
      return firstWhere(db, tradeAccounts, eq(tradeAccounts.id, id), { lock: true });
    },
    async listFor(uid: string, as: 'buyer' | 'supplier'): Promise<TradeAccountRow[]> {
      const party = as === 'buyer' ? tradeAccounts.buyerUid : tradeAccounts.supplierUid;
      return db.select().from(tradeAccounts).where(eq(party, uid)).orderBy(tradeAccounts.createdAt);
    },
    /** The supplier's name and email as their products show them; undefined when they sell nothing. */
    async supplier(uid: string): Promise<{ name: string; email: string } | undefined> {
      const [row] = await db
        .select({ name: products.userName, email: products.userEmail })
        .from(products)
        .where(eq(products.ownerUid, uid))
        .limit(1);
      return row;
    },
  };
}

/** What an account shows besides its terms: the money owed by age, and its history. */
function accountRecords(db: Db) {
  return {
    async figures(ids: string[], today: string): Promise<Map<string, AccountFigures>> {
      if (ids.length === 0) return new Map();
      const rows = await rowsOf<Record<keyof AccountFigures | 'id', string | number>>(
        db,
        figuresQuery(ids, today),
      );
      return new Map(
        rows.map((r) => [
          String(r.id),
          {
            outstanding: Number(r.outstanding),
            current: Number(r.current),
            days31to60: Number(r.days31to60),
            days61to90: Number(r.days61to90),
            over90: Number(r.over90),
          },
        ]),
      );
    },
    async history(ids: string[]): Promise<HistoryRow[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .select()
        .from(tradeAccountHistory)
        .where(inArray(tradeAccountHistory.accountId, ids))
        .orderBy(tradeAccountHistory.id);
      return rows.map((r) => ({
        accountId: r.accountId,
        action: r.action,
        by: r.by as HistoryRow['by'],
        reason: r.reason,
        at: r.at.toISOString(),
      }));
    },
    async appendHistory(accountId: string, entry: HistoryEntry): Promise<void> {
      await db.insert(tradeAccountHistory).values({ accountId, ...entry, details: entry.details ?? null });
    },
  };
}

/** What a request records about the buyer's business, on a new account or again on the pair's. */
const requestDetails = (body: TermsRequestBody) => ({
  companyName: body.companyName,
  taxId: body.taxId,
  billingAddress: body.billingAddress,
  note: body.note,
});

/** The writes of the account's life: a request, the supplier's terms, a status. */
function accountWrites(db: Db) {
  return {
    /** Creates the pair's account or records the request on it; a hold stays a hold. */
    async request(
      buyer: { uid: string; name: string; email: string },
      supplier: { uid: string; name: string; email: string },
      body: TermsRequestBody,
    ): Promise<TradeAccountRow> {
      const details = requestDetails(body);
      const [row] = await db
        .insert(tradeAccounts)
        .values({
          supplierUid: supplier.uid,
          supplierName: supplier.name,
          supplierEmail: supplier.email,
          buyerUid: buyer.uid,
          buyerName: buyer.name,
          buyerEmail: buyer.email,
          status: 'requested',
          ...details,
        })
        .onConflictDoUpdate({
          target: [tradeAccounts.supplierUid, tradeAccounts.buyerUid],
          set: {
            ...details,
            status: sql`case when ${tradeAccounts.status} = 'on_hold' then 'on_hold' else 'requested' end`,
            updatedAt: sql`now()`,
          },
        })
        .returning();
      return row!;
    },
    async setTerms(id: string, body: SetTermsBody, status: AccountStatus): Promise<TradeAccountRow> {
      const [row] = await db
        .update(tradeAccounts)
        .set({
          terms: body.terms,
          netDays: body.terms === 'net' ? (body.netDays ?? null) : null,
          creditLimitCents: Math.round(body.creditLimit * 100),
          status,
          updatedAt: sql`now()`,
        })
        .where(eq(tradeAccounts.id, id))
        .returning();
      return row!;
    },
    async setStatus(id: string, status: AccountStatus): Promise<TradeAccountRow> {
      const [row] = await db
        .update(tradeAccounts)
        .set({ status, updatedAt: sql`now()` })
        .where(and(eq(tradeAccounts.id, id)))
        .returning();
      return row!;
    },
  };
}

export function tradeQueries(db: Db) {
  return { ...accountReads(db), ...accountRecords(db), ...accountWrites(db) };
}
export type TradeQueries = ReturnType<typeof tradeQueries>;

export const createTradeRepository = (db: Db) => transactional(db, tradeQueries);
export type TradeRepository = ReturnType<typeof createTradeRepository>;
