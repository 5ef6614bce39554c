/**
 * The pieces of server-made HTML: every value a supplier typed goes through `text()` / `attr()` (HTML)
 * or `jsonLd()` (a `<script>` data block), nothing else writes user data into a page.
 */

import { escapeHtml } from '../../lib/html';

export { escapeHtml };

/**
 * JSON inside `<script type="application/ld+json">`: `<`, `>` and `&` as \u escapes, so no `</script>`
 * or `<!--` can appear whatever a name holds; U+2028/2029 as escapes for older parsers.
 */
export function jsonLd(value: unknown): string {
  const json = JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return `<script type="application/ld+json">${json}</script>`;
}

/** What a page says about itself in <head>. */
export interface PageHead {
  /** The same text the app sets: '{page} | Bulkwise'. */
  title: string;
  description: string;
  /** Absolute URL; omitted on a 404. */
  canonical?: string;
  noindex?: boolean;
  /** Absolute image URL and, when known, its width. */
  image?: { url: string; width?: number; alt: string };
  /** Open Graph type: `website`, or `product` with its price. */
  product?: { price: string; currency: string; availability: 'instock' | 'oos' };
  structuredData: unknown[];
}

const meta = (key: 'name' | 'property', name: string, content: string | number) =>
  `<meta ${key}="${name}" content="${escapeHtml(content)}" />`;

/** Description text for a meta tag: one line, at most `max` characters, cut at a word. */
export function summary(text: string, max = 160): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= max) return line;
  const cut = line.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

export function renderHead(head: PageHead, siteName: string): string {
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    head.noindex ? meta('name', 'robots', 'noindex') : '',
    head.canonical ? `<link rel="canonical" href="${escapeHtml(head.canonical)}" />` : '',
    meta('property', 'og:site_name', siteName),
    meta('property', 'og:type', head.product ? 'product' : 'website'),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    head.canonical ? meta('property', 'og:url', head.canonical) : '',
    meta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
  ];
  if (head.image) {
    tags.push(
      meta('property', 'og:image', head.image.url),
      head.image.width ? meta('property', 'og:image:width', head.image.width) : '',
      meta('property', 'og:image:alt', head.image.alt),
      meta('name', 'twitter:image', head.image.url),
      meta('name', 'twitter:image:alt', head.image.alt),
    );
  }
  if (head.product) {
    tags.push(
      meta('property', 'product:price:amount', head.product.price),
      meta('property', 'product:price:currency', head.product.currency),
      meta('property', 'product:availability', head.product.availability),
      meta('name', 'twitter:label1', 'Price'),
      meta('name', 'twitter:data1', `$${head.product.price} ${head.product.currency}`),
    );
  }
  tags.push(...head.structuredData.map(jsonLd));
  return tags.filter(Boolean).join('\n    ');
}
