import type { Db } from '../../db/client';
import { createOutboxRepository } from './outbox.repository';
import { renderFactsMail, type RenderedMail } from './mail-html';

/** Outbox kinds of trade on account (issue #25); all rendered by renderTradeMail. */
export type TradeMailKind =
  | 'trade.invoice_issued'
  | 'trade.invoice_due_soon'
  | 'trade.invoice_overdue'
  | 'trade.payment_recorded'
  | 'trade.terms_changed'
  | 'trade.remittance';

export const isTradeMail = (kind: string) => kind.startsWith('trade.');

/** Composed when the event happens (the facts are then frozen, like an order event's). */
export interface TradeMailPayload {
  greeting: string;
  subject: string;
  lead: string;
  facts: Array<[string, string]>;
  link: { label: string; path: string };
}

export async function enqueueTradeMail(
  tx: Db,
  kind: TradeMailKind,
  to: { uid: string; email: string },
  payload: TradeMailPayload,
): Promise<void> {
  await createOutboxRepository(tx).enqueue({
    kind,
    recipientUid: to.uid,
    recipientEmail: to.email,
    payload,
  });
}

export function renderTradeMail(p: TradeMailPayload, publicUrl: string): RenderedMail {
  return renderFactsMail(
    { ...p, link: { label: p.link.label, url: `${publicUrl}${p.link.path}` } },
    publicUrl,
  );
}
