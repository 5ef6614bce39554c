import { formatUsd } from '@bulkwise/contracts';
import { renderFactsMail, shortId, type RenderedMail } from './mail-html';

export const QUOTE_MAIL_KINDS = [
  'quote.requested',
  'quote.offered',
  'quote.countered',
  'quote.accepted',
  'quote.declined',
  'quote.expiring',
] as const;
export type QuoteMailKind = (typeof QUOTE_MAIL_KINDS)[number];
export const THREAD_MESSAGE_KIND = 'thread.message';

/** A quote as the outbox stores it for one mail (money in dollars, dates as ISO strings). */
export interface QuoteMailPayload {
  quoteId: string;
  toName: string;
  buyerName: string;
  supplierName: string;
  lineCount: number;
  version: number;
  total: number | null;
  validUntil: string | null;
  reason: string | null;
  orderCount: number;
}

/** A new message, for the other party of the thread; the text is an excerpt. */
export interface ThreadMailPayload {
  subject: 'quote' | 'order';
  subjectId: string;
  toName: string;
  fromName: string;
  excerpt: string;
}

function lead(kind: QuoteMailKind, p: QuoteMailPayload): { subject: string; lead: string } {
  const q = `quote ${shortId(p.quoteId)}`;
  switch (kind) {
    case 'quote.requested':
      return {
        subject: `New quote request from ${p.buyerName}`,
        lead: `${p.buyerName} asks for a quote on ${p.lineCount} product(s).`,
      };
    case 'quote.offered':
      return {
        subject: `${p.supplierName} sent an offer (${q})`,
        lead: `${p.supplierName} made offer version ${p.version}.`,
      };
    case 'quote.countered':
      return {
        subject: `${p.buyerName} countered your offer (${q})`,
        lead: `${p.buyerName} answered with counter version ${p.version}.`,
      };
    case 'quote.accepted':
      return {
        subject: `${p.buyerName} accepted your offer (${q})`,
        lead: `${p.buyerName} accepted version ${p.version}: ${p.orderCount} order(s) were placed.`,
      };
    case 'quote.declined':
      return { subject: `Quote ${shortId(p.quoteId)} was declined`, lead: `The quote was declined.` };
    case 'quote.expiring':
      return {
        subject: `An offer expires within 24 hours (${q})`,
        lead: `Offer version ${p.version} from ${p.supplierName} expires soon.`,
      };
  }
}

/** The mail of a quote event; every user value is escaped in the HTML part. */
export function renderQuoteMail(kind: QuoteMailKind, p: QuoteMailPayload, publicUrl: string): RenderedMail {
  const { subject, lead: text } = lead(kind, p);
  const facts: Array<[string, string]> = [
    ['Quote', shortId(p.quoteId)],
    ['Lines', String(p.lineCount)],
    ...(p.total !== null ? ([['Total', formatUsd(p.total)]] as Array<[string, string]>) : []),
    ...(p.validUntil
      ? ([['Valid until', new Date(p.validUntil).toUTCString()]] as Array<[string, string]>)
      : []),
    ...(p.reason ? ([['Reason', p.reason]] as Array<[string, string]>) : []),
  ];
  const link = { label: 'Open the quote', url: `${publicUrl}/quotes/${p.quoteId}` };
  return renderFactsMail(
    { greeting: p.toName, subject, lead: text, facts, link, optOut: 'order emails' },
    publicUrl,
  );
}

export function renderThreadMail(p: ThreadMailPayload, publicUrl: string): RenderedMail {
  const what = p.subject === 'quote' ? `quote ${shortId(p.subjectId)}` : `order ${shortId(p.subjectId)}`;
  const url =
    p.subject === 'quote'
      ? `${publicUrl}/quotes/${p.subjectId}`
      : `${publicUrl}/messages/order/${p.subjectId}`;
  return renderFactsMail(
    {
      greeting: p.toName,
      subject: `New message from ${p.fromName} about ${what}`,
      lead: `${p.fromName} wrote about ${what}:`,
      facts: [['Message', p.excerpt]],
      link: { label: 'Read and reply', url },
      optOut: 'order emails',
    },
    publicUrl,
  );
}
