import { formatUsd } from '@bulkwise/contracts';
import type { OrderEvent } from '../orders/order-events';
import {
  QUOTE_MAIL_KINDS,
  THREAD_MESSAGE_KIND,
  renderQuoteMail,
  renderThreadMail,
  type QuoteMailKind,
  type QuoteMailPayload,
  type ThreadMailPayload,
} from './quote-templates';
import { escapeHtml, renderFactsMail, shortId, type RenderedMail } from './mail-html';

export type { RenderedMail } from './mail-html';

export type NotificationKind =
  | 'order.placed'
  | 'order.confirmed'
  | 'order.shipped'
  | 'order.delivered'
  | 'order.cancelled_by_buyer'
  | 'order.cancelled_by_supplier'
  | 'account.verify_email'
  | QuoteMailKind
  | typeof THREAD_MESSAGE_KIND;

/** The verification mail goes to an address not verified yet: that is its purpose (decision 0019). */
export const sendsToUnverified = (kind: NotificationKind) => kind === 'account.verify_email';

/** POST /account/verification-email's row: Firebase's one-time code, opened by the web app. */
export interface VerifyEmailPayload {
  name: string;
  email: string;
  code: string;
}

/** An order event as stored in the outbox (JSON: the date is a string). */
export type OrderMailPayload = Omit<OrderEvent, 'at'> & { at: string };

interface Draft {
  subject: string;
  greeting: string;
  lead: string;
  /** Extra facts of this event (label, value), shown after the order's essentials. */
  facts: Array<[string, string]>;
  /** Where the reader acts on it. */
  link: { label: string; path: '/orders' | '/cart' };
}

/** The kinds of order events. */
export type OrderMailKind = Exclude<
  NotificationKind,
  'account.verify_email' | QuoteMailKind | typeof THREAD_MESSAGE_KIND
>;

function draft(kind: OrderMailKind, p: OrderMailPayload): Draft {
  const order = `order ${shortId(p.orderId)}`;
  const toSupplier = {
    greeting: p.supplier.name,
    link: { label: 'Open your orders', path: '/orders' as const },
  };
  const toBuyer = { greeting: p.buyer.name, link: { label: 'Open My Cart', path: '/cart' as const } };
  const shipTo: Array<[string, string]> = [
    ['Ship to', p.shipping.address],
    ['Phone', p.shipping.phone],
  ];
  switch (kind) {
    case 'order.placed':
      return {
        ...toSupplier,
        subject: `New order: ${p.quantity} × ${p.product.name}`,
        lead: `${p.buyer.name} placed ${order} for ${p.quantity} × ${p.product.name}.`,
        facts: [['Buyer', `${p.buyer.name} <${p.buyer.email}>`], ...shipTo],
      };
    case 'order.confirmed':
      return {
        ...toBuyer,
        subject: `Order confirmed: ${p.product.name}`,
        lead: `${p.supplier.name} confirmed your ${order} for ${p.quantity} × ${p.product.name}.`,
        facts: shipTo,
      };
    case 'order.shipped':
      return {
        ...toBuyer,
        subject: `Order shipped: ${p.product.name}`,
        lead: `Your ${order} for ${p.quantity} × ${p.product.name} is on its way.`,
        facts: [['Carrier', p.carrier ?? '—'], ['Tracking number', p.trackingNumber ?? '—'], ...shipTo],
      };
    case 'order.delivered':
      return {
        ...toBuyer,
        subject: `Order delivered: ${p.product.name}`,
        lead: `Your ${order} for ${p.quantity} × ${p.product.name} was delivered.`,
        facts: shipTo,
      };
    case 'order.cancelled_by_supplier':
      return {
        ...toBuyer,
        subject: `Order cancelled: ${p.product.name}`,
        lead: `${p.supplier.name} cancelled your ${order} for ${p.quantity} × ${p.product.name}.`,
        facts: [['Reason', p.cancelReason ?? '—']],
      };
    case 'order.cancelled_by_buyer':
      return {
        ...toSupplier,
        subject: `Order cancelled by the buyer: ${p.product.name}`,
        lead: `${p.buyer.name} cancelled ${order} for ${p.quantity} × ${p.product.name}.`,
        facts: p.cancelReason ? [['Reason', p.cancelReason]] : [],
      };
  }
}

/**
 * The mail of one outbox row: a plain-text part and an HTML part with the same content. Every value
 * that came from a user (names, product, address, reason, tracking) is escaped in the HTML part.
 */
export function renderOrderMail(
  kind: OrderMailKind,
  payload: OrderMailPayload,
  publicUrl: string,
): RenderedMail {
  const d = draft(kind, payload);
  const facts: Array<[string, string]> = [
    ['Order', shortId(payload.orderId)],
    ['Product', payload.product.name],
    ['Quantity', String(payload.quantity)],
    ['Unit price', formatUsd(payload.unitPrice)],
    ['Total', formatUsd(payload.total)],
    ...d.facts,
  ];
  const link = { label: d.link.label, url: `${publicUrl}${d.link.path}` };
  return renderFactsMail({ ...d, facts, link, optOut: 'order emails' }, publicUrl);
}

/** The link of a verification mail: the web app's page that applies the code (apps/web verify-email). */
export const verifyEmailUrl = (publicUrl: string, code: string) =>
  `${publicUrl}/verify-email?oobCode=${encodeURIComponent(code)}`;

export function renderVerifyEmail(p: VerifyEmailPayload, publicUrl: string): RenderedMail {
  const url = verifyEmailUrl(publicUrl, p.code);
  const greeting = p.name || p.email;
  const lead = `Open this link to confirm that ${p.email} is your address on Bulkwise. Order emails go only to verified addresses.`;
  const text = [
    `Hello ${greeting},`,
    '',
    lead,
    '',
    `Verify your email: ${url}`,
    '',
    'If you did not ask for this, ignore this email.',
    '— Bulkwise',
  ].join('\n');
  const html = `<!doctype html><html lang="en"><body style="font-family:sans-serif;color:#1f2937">
<p>Hello ${escapeHtml(greeting)},</p>
<p>${escapeHtml(lead)}</p>
<p><a href="${escapeHtml(url)}">Verify your email</a></p>
<p style="color:#6b7280;font-size:12px">If you did not ask for this, ignore this email. — Bulkwise</p>
</body></html>`;
  return { subject: 'Verify your email address for Bulkwise', text, html };
}

/** The mail of one outbox row, whatever its kind. */
export function renderMail(kind: NotificationKind, payload: unknown, publicUrl: string): RenderedMail {
  if (kind === THREAD_MESSAGE_KIND) return renderThreadMail(payload as ThreadMailPayload, publicUrl);
  if ((QUOTE_MAIL_KINDS as readonly string[]).includes(kind))
    return renderQuoteMail(kind as QuoteMailKind, payload as QuoteMailPayload, publicUrl);
  return kind === 'account.verify_email'
    ? renderVerifyEmail(payload as VerifyEmailPayload, publicUrl)
    : renderOrderMail(kind as OrderMailKind, payload as OrderMailPayload, publicUrl);
}
