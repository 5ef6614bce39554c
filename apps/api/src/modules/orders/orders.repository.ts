import type { OrderActor, OrderStatus, OrderSummary } from '@bulkwise/contracts';
import { and, count, desc, eq, getTableColumns, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/sql';
import { transactional } from '../../db/transactional';
import { accounts, cartItems, orderHistory, type CartItemRow } from '../../db/schema';

export interface HistoryJson {
  status: OrderStatus;
  at: string;
  by: OrderActor;
}
/**
 * `purchasedAtCursor`: purchased_at to the microsecond, as text (a JS Date keeps only milliseconds).
 * `buyerEmailVerified`: whether the buyer has since proved the order's address theirs (decision 0019).
 */
export interface OrderInvoiceJson {
  id: string;
  number: string;
  totalCents: number;
  paidCents: number;
  creditedCents: number;
  dueOn: string;
  voided: boolean;
}
export type OrderRow = CartItemRow & {
  history: HistoryJson[];
  invoice: OrderInvoiceJson | null;
  purchasedAtCursor: string;
  buyerEmailVerified: boolean;
};
/**
 * One row of the CSV export: only the columns the file has, as PostgreSQL writes them (the purchase time as
 * ISO 8601 text to the millisecond, as a JS Date would print it; the unit price as numeric text). The
 * product's name and SKU are read out of the snapshot by PostgreSQL (text, or '' when not a string), so
 * the whole snapshot is never parsed per row.
 */
export interface ExportRow {
  id: string;
  purchasedAt: string;
  status: OrderStatus;
  product: string;
  sku: string;
  quantity: number;
  unitPrice: string;
  buyerName: string;
  buyerEmail: string;
  phone: string;
  address: string;
  carrier: string | null;
  trackingNumber: string | null;
  purchasedAtCursor: string;
  buyerEmailVerified: boolean;
}

/** Position after the last row of a page (newest first): its purchase time and the id that breaks ties. */
export type OrderCursor = { at: string; id: string };

/** Which of a buyer's orders GET /cart lists: one status, all, or (default) all but the cancelled. */
export type BuyerFilter = OrderStatus | 'all' | 'open';

/**
 * The purchase statement writes whole milliseconds, but the column's default, a migration or any other
 * writer keeps microseconds: a cursor cut to milliseconds would then skip the rows of the same
 * millisecond after it on the next page (or the next batch of the CSV). The cursor carries it exactly.
 */
const PURCHASED_AT_EXACT = sql<string>`to_char(${cartItems.purchasedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

// Read now, not stored with the order: the mark goes away everywhere once the buyer verifies. The
// address must be the one verified, so a later change of address does not vouch for an old order's.
const BUYER_EMAIL_VERIFIED = sql<boolean>`exists (select 1 from ${accounts} a
  where a.uid = ${cartItems.buyerUid} and a.email = lower(${cartItems.buyerEmail}) and a.email_verified)`;

// The order's invoice, if issued (trade on account, decision 0022): its status is derived by the mapper.
const ORDER_INVOICE = sql<OrderInvoiceJson | null>`(select json_build_object('id', i.id, 'number', i.number,
  'totalCents', i.total_cents, 'paidCents', i.paid_cents, 'creditedCents', i.credited_cents,
  'dueOn', i.due_on, 'voided', i.voided_at is not null) from invoices i where i.order_id = ${cartItems}.id)`;

// The history rides along each order as one JSON array, oldest first: one round trip per page.
const withHistory = {
  ...getTableColumns(cartItems),
  history: sql<
    HistoryJson[]
  >`(select coalesce(json_agg(json_build_object('status', h.status, 'at', h.at, 'by', h."by")
    order by h.id), '[]'::json) from ${orderHistory} h where h.order_id = ${cartItems}.id)`,
  purchasedAtCursor: PURCHASED_AT_EXACT,
  buyerEmailVerified: BUYER_EMAIL_VERIFIED,
  invoice: ORDER_INVOICE,
};

/** A text field of the order's product snapshot, '' when it is missing or not a JSON string. */
const snapshotText = (key: string) =>
  sql<string>`case when jsonb_typeof(${cartItems.productSnapshot} -> ${key}::text) = 'string'
    then ${cartItems.productSnapshot} ->> ${key}::text else '' end`;

/**
 * The export's columns (ExportRow), aliased to its names. Read as plain rows (`db.execute`): mapping each of
 * 15 cells of 200,000 rows through the columns' decoders took about a fifth of the export's CPU.
 */
const exportColumns = sql`${cartItems.id} as "id",
  to_char(${cartItems.purchasedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "purchasedAt",
  ${cartItems.status} as "status", ${snapshotText('name')} as "product", ${snapshotText('sku')} as "sku",
  ${cartItems.quantity} as "quantity", ${cartItems.unitPrice}::text as "unitPrice",
  ${cartItems.buyerName} as "buyerName", ${cartItems.buyerEmail} as "buyerEmail", ${cartItems.phone} as "phone",
  ${cartItems.address} as "address", ${cartItems.carrier} as "carrier",
  ${cartItems.trackingNumber} as "trackingNumber", ${PURCHASED_AT_EXACT} as "purchasedAtCursor",
  ${BUYER_EMAIL_VERIFIED} as "buyerEmailVerified"`;

const newestFirst = [desc(cartItems.purchasedAt), desc(cartItems.id)];
const after = (c: OrderCursor) =>
  sql`(${cartItems.purchasedAt}, ${cartItems.id}) < (${c.at}::timestamptz, ${c.id}::uuid)`;

function supplierConditions(supplierUid: string, status?: OrderStatus, cursor?: OrderCursor): SQL[] {
  const conditions = [eq(cartItems.supplierUid, supplierUid)];
  if (status) conditions.push(eq(cartItems.status, status));
  if (cursor) conditions.push(after(cursor));
  return conditions;
}

export interface MoveChanges {
  status: OrderStatus;
  carrier?: string | null;
  trackingNumber?: string | null;
  cancelledBy?: OrderActor;
  cancelReason?: string | null;
}

/** Reads of orders: one, a buyer's, a supplier's page, an export batch, the counts. */
function orderReads(db: Db) {
  return {
    async findById(id: string): Promise<OrderRow | undefined> {
      const [row] = await db.select(withHistory).from(cartItems).where(eq(cartItems.id, id));
      return row;
    },
    async listForBuyer(buyerUid: string, filter: BuyerFilter): Promise<OrderRow[]> {
      const conditions = [eq(cartItems.buyerUid, buyerUid)];
      if (filter === 'open') conditions.push(ne(cartItems.status, 'cancelled'));
      else if (filter !== 'all') conditions.push(eq(cartItems.status, filter));
      return db
        .select(withHistory)
        .from(cartItems)
        .where(and(...conditions))
        .orderBy(...newestFirst);
    },
    /** One page of a supplier's orders, newest first; one row more than `limit` tells if more exist. */
    async pageForSupplier(supplierUid: string, limit: number, status?: OrderStatus, cursor?: OrderCursor) {
      const rows = await db
        .select(withHistory)
        .from(cartItems)
        .where(and(...supplierConditions(supplierUid, status, cursor)))
        .orderBy(...newestFirst)
        .limit(limit + 1);
      return { rows: rows.slice(0, limit), hasMore: rows.length > limit };
    },
    /** A batch of the export: no history, the same keyset order as the desk. */
    async exportBatch(
      supplierUid: string,
      limit: number,
      status?: OrderStatus,
      cursor?: OrderCursor,
    ): Promise<ExportRow[]> {
      return rowsOf<ExportRow>(
        db,
        sql`select ${exportColumns} from ${cartItems}
          where ${and(...supplierConditions(supplierUid, status, cursor))}
          order by ${sql.join(newestFirst, sql`, `)} limit ${limit}`,
      );
    },
    async summary(supplierUid: string): Promise<OrderSummary> {
      const rows = await db
        .select({ status: cartItems.status, n: count() })
        .from(cartItems)
        .where(eq(cartItems.supplierUid, supplierUid))
        .groupBy(cartItems.status);
      const summary: OrderSummary = { placed: 0, confirmed: 0, shipped: 0, delivered: 0, cancelled: 0 };
      for (const row of rows) summary[row.status] = Number(row.n);
      return summary;
    },
  };
}

/** Who makes a move and the states it may start from. */
export interface OrderMoveGuard {
  actor: OrderActor;
  uid: string;
  from: readonly OrderStatus[];
}

/** The writes of a move: the guarded change and its history entry. */
function orderWrites(db: Db) {
  return {
    /**
     * The guarded transition: changes the order only while it is in one of `from` and `uid` is the party
     * named by `actor`. Concurrent moves queue on the row lock and re-check the guard, so exactly one
     * wins. Undefined when the guard did not hold.
     */
    async move(id: string, guard: OrderMoveGuard, changes: MoveChanges): Promise<CartItemRow | undefined> {
      const { actor, uid, from } = guard;
      const party = actor === 'buyer' ? cartItems.buyerUid : cartItems.supplierUid;
      const [row] = await db
        .update(cartItems)
        .set(changes)
        .where(and(eq(cartItems.id, id), eq(party, uid), inArray(cartItems.status, [...from])))
        .returning();
      return row;
    },
    async appendHistory(orderId: string, status: OrderStatus, by: OrderActor): Promise<void> {
      await db.insert(orderHistory).values({ orderId, status, by });
    },
  };
}

/** Queries of orders. Each runs on the handle it was made with (pool or transaction). */
export function orderQueries(db: Db) {
  return { ...orderReads(db), ...orderWrites(db) };
}
export type OrderQueries = ReturnType<typeof orderQueries>;

export const createOrdersRepository = (db: Db) => transactional(db, orderQueries);
export type OrdersRepository = ReturnType<typeof createOrdersRepository>;
