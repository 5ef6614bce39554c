import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';

/**
 * The seam between orders and whatever must react to them (email notifications through the outbox).
 * Every order change records its event with `sink.record(tx, event)` inside the same transaction that
 * made the change, so a reaction is stored exactly when the change commits and never for one that
 * rolled back. The event carries everything a reader needs, so a sink never re-reads the order.
 */
export type OrderEventType = 'placed' | 'confirmed' | 'shipped' | 'delivered' | 'cancelled';

export interface OrderParty {
  uid: string;
  name: string;
  email: string;
}

export interface OrderEvent {
  type: OrderEventType;
  orderId: string;
  at: Date;
  /** Who made the change: the buyer places, cancels (while placed) and marks received; the supplier the rest. */
  by: 'buyer' | 'supplier';
  buyer: OrderParty;
  supplier: OrderParty;
  product: { id: string | null; name: string; image: string };
  quantity: number;
  unitPrice: number;
  total: number;
  shipping: { address: string; phone: string };
  carrier: string | null;
  trackingNumber: string | null;
  cancelReason: string | null;
}

/** An event's fields as SQL expressions over the rows of the statement that makes the change. */
export interface SqlOrderEvent {
  type: OrderEventType;
  by: OrderEvent['by'];
  orderId: SQL;
  /** A timestamptz. */
  at: SQL;
  buyer: { uid: SQL; name: SQL; email: SQL };
  supplier: { uid: SQL; name: SQL; email: SQL };
  product: { id: SQL; name: SQL; image: SQL };
  quantity: SQL;
  unitPrice: SQL;
  shipping: { address: SQL; phone: SQL };
}

/**
 * The event as jsonb, as JSON.stringify writes an OrderEvent (`at` as an ISO string), for the
 * statements that record it without a round trip through JavaScript. orders.mapper.ts `toOrderEvent`
 * is the same in TypeScript; a test checks they agree.
 */
export function orderEventJson(e: SqlOrderEvent): SQL {
  const party = (p: { uid: SQL; name: SQL; email: SQL }) =>
    sql`jsonb_build_object('uid', ${p.uid}, 'name', ${p.name}, 'email', ${p.email})`;
  const unitPrice = sql`(${e.unitPrice})::numeric(12, 2)`;
  return sql`jsonb_build_object(
    'type', ${sql.raw(`'${e.type}'`)}::text, 'orderId', ${e.orderId},
    'at', to_char(${e.at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'by', ${sql.raw(`'${e.by}'`)}::text,
    'buyer', ${party(e.buyer)}, 'supplier', ${party(e.supplier)},
    'product', jsonb_build_object('id', ${e.product.id}, 'name', ${e.product.name}, 'image', ${e.product.image}),
    'quantity', ${e.quantity}, 'unitPrice', ${unitPrice}, 'total', ${e.quantity} * round(${unitPrice} * 100) / 100,
    'shipping', jsonb_build_object('address', ${e.shipping.address}, 'phone', ${e.shipping.phone}),
    'carrier', null, 'trackingNumber', null, 'cancelReason', null)`;
}

export interface OrderEventSink {
  /** Runs on the transaction's handle; throwing rolls the order change back. */
  record(tx: Db, event: OrderEvent): Promise<void>;
  /**
   * Optional: what `record` writes, as the body of a data-modifying CTE (`insert … select … from
   * <from>`) of the purchase statement, so that a purchase and its event are one statement and need no
   * transaction (decision 0010). Null: nothing to write. Sinks without it get `record` in a transaction.
   */
  recordInStatement?(event: SqlOrderEvent, from: SQL): SQL | null;
}

/** For wiring that has no reaction to order events (some tests). */
export const ignoreOrderEvents: OrderEventSink = { record: async () => {}, recordInStatement: () => null };
