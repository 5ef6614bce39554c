import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notificationOutbox } from '../../db/schema';
import {
  orderEventJson,
  type OrderEvent,
  type OrderEventSink,
  type OrderParty,
  type SqlOrderEvent,
} from '../orders/order-events';
import { createOutboxRepository } from './outbox.repository';
import type { NotificationKind, OrderMailPayload } from './templates';

/** Who hears about an event: the other side of the change, as the issue's table says. */
export function recipientOf<P = OrderParty>(
  event: Pick<OrderEvent, 'type' | 'by'> & { buyer: P; supplier: P },
): { kind: NotificationKind; to: P } {
  switch (event.type) {
    case 'placed':
      return { kind: 'order.placed', to: event.supplier };
    case 'cancelled':
      return event.by === 'buyer'
        ? { kind: 'order.cancelled_by_buyer', to: event.supplier }
        : { kind: 'order.cancelled_by_supplier', to: event.buyer };
    case 'confirmed':
    case 'shipped':
    case 'delivered':
      return { kind: `order.${event.type}`, to: event.buyer };
  }
}

export function toPayload(event: OrderEvent): OrderMailPayload {
  return { ...event, at: event.at.toISOString() };
}

/**
 * The OrderEventSink that turns each order event into exactly one outbox row, on the caller's
 * transaction. The row is written whatever the recipient's email preference: the worker reads the
 * preference when it sends, so turning emails off also stops mails already queued, and turning them
 * back on never resurrects mails of the time they were off (those rows end `skipped`).
 */
export function createOrderNotifications(): OrderEventSink {
  return {
    async record(tx: Db, event: OrderEvent) {
      const { kind, to } = recipientOf(event);
      await createOutboxRepository(tx).enqueue({
        kind,
        recipientUid: to.uid,
        recipientEmail: to.email,
        payload: toPayload(event),
      });
    },
    recordInStatement(event: SqlOrderEvent, from: SQL) {
      const { kind, to } = recipientOf(event);
      return sql`insert into ${notificationOutbox} (kind, recipient_uid, recipient_email, payload)
        select ${sql.raw(`'${kind}'`)}, ${to.uid}, ${to.email}, ${orderEventJson(event)} from ${from}`;
    },
  };
}
