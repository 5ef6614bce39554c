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

export interface OrderEventSink {
  /** Runs on the transaction's handle; throwing rolls the order change back. */
  record(tx: Db, event: OrderEvent): Promise<void>;
}

/** For wiring that has no reaction to order events (some tests). */
export const ignoreOrderEvents: OrderEventSink = { record: async () => {} };
