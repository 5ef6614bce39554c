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
