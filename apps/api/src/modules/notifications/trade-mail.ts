import type { Db } from '../../db/client';
import { createOutboxRepository } from './outbox.repository';
import { escapeHtml, factRows, type RenderedMail } from './templates';

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
  const url = `${publicUrl}${p.link.path}`;
  const text = [
    `Hello ${p.greeting},`,
    '',
    p.lead,
    '',
    ...p.facts.map(([label, value]) => `${label}: ${value}`),
    '',
    `${p.link.label}: ${url}`,
    '',
    '— Bulkwise',
  ].join('\n');
  const rows = factRows(p.facts);
  const html = `<!doctype html><html lang="en"><body style="font-family:sans-serif;color:#1f2937">
<p>Hello ${escapeHtml(p.greeting)},</p>
<p>${escapeHtml(p.lead)}</p>
<table role="presentation">${rows}</table>
<p><a href="${escapeHtml(url)}">${escapeHtml(p.link.label)}</a></p>
<p style="color:#6b7280;font-size:12px">— Bulkwise</p>
</body></html>`;
  return { subject: p.subject.replace(/[\r\n\t]+/g, ' ').trim(), text, html };
}
