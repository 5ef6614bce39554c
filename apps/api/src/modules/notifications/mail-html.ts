// What every notification email's HTML is made with: escaping, one-line texts and the facts table.

import { escapeHtml } from '../../lib/html';

export { escapeHtml };

/** A header line must stay one line whatever a product name contains. */
export const oneLine = (value: string) => value.replace(/[\r\n\t]+/g, ' ').trim();

/** The label/value table every notification email shows, escaped. */
export const factRows = (facts: ReadonlyArray<readonly [string, string]>) =>
  facts
    .map(
      ([label, value]) =>
        `<tr><th align="left" style="padding:4px 12px 4px 0">${escapeHtml(label)}</th><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`,
    )
    .join('');

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** The first 8 characters of an id, as the mails name an order or a quote. */
export const shortId = (id: string) => id.slice(0, 8).toUpperCase();

/** A notification mail: a greeting, one lead sentence, the facts table and one link. */
export interface FactsMail {
  greeting: string;
  subject: string;
  lead: string;
  facts: ReadonlyArray<readonly [string, string]>;
  link: { label: string; url: string };
  /** The emails of Settings this one belongs to (`order emails`); none for a mail that cannot be turned off. */
  optOut?: string;
}

/** The plain-text part and the HTML part with the same content; every user value is escaped in the HTML. */
export function renderFactsMail(m: FactsMail, publicUrl: string): RenderedMail {
  const settings = `${publicUrl}/settings`;
  const text = [
    `Hello ${m.greeting},`,
    '',
    m.lead,
    '',
    ...m.facts.map(([label, value]) => `${label}: ${value}`),
    '',
    `${m.link.label}: ${m.link.url}`,
    '',
    '— Bulkwise',
    ...(m.optOut ? [`You receive this because ${m.optOut} are on. Turn them off at ${settings}`] : []),
  ].join('\n');
  const footer = m.optOut
    ? `— Bulkwise. You receive this because ${m.optOut} are on.
<a href="${escapeHtml(settings)}">Turn them off</a>.`
    : '— Bulkwise';
  const html = `<!doctype html><html lang="en"><body style="font-family:sans-serif;color:#1f2937">
<p>Hello ${escapeHtml(m.greeting)},</p>
<p>${escapeHtml(m.lead)}</p>
<table role="presentation">${factRows(m.facts)}</table>
<p><a href="${escapeHtml(m.link.url)}">${escapeHtml(m.link.label)}</a></p>
<p style="color:#6b7280;font-size:12px">${footer}</p>
</body></html>`;
  return { subject: oneLine(m.subject), text, html };
}
