import type { InvalidationBus } from '../../lib/cache/bus';
import { createResponseCache, etagOf, type CachedResponse } from '../../lib/cache/cache';
import type { ServerPages } from '../../plugins/spa';
import { renderHead } from './pages.html';
import { BRAND, type PagesService } from './pages.service';

/**
 * With JavaScript the startup overlay (index.html) covers the page until React replaces both, and the
 * server-made content stays out of the layout: the document carries only the overlay's styles, so that
 * content would be laid out unstyled and shift when the stylesheet arrives (CLS). Without JavaScript the
 * overlay would cover the page for good: it goes, and the content shows with the stylesheet at the end
 * of the body.
 */
const SERVER_PAGE = 'data-server-page';
const PAGE_STYLES = `<style>#root>[${SERVER_PAGE}]{display:none}</style>
    <noscript><style>[data-testid="startup-overlay"]{display:none!important}#root>[${SERVER_PAGE}]{display:block!important}</style></noscript>`;
const ROOT = '<div id="root">';

/** index.html split where a page's head and content go, its generic title and description removed. */
export function documentTemplate(indexHtml: string): ((head: string, body: string) => string) | undefined {
  const html = indexHtml
    .replace(/<title>[^<]*<\/title>\s*/i, '')
    .replace(/<meta\s+name="description"[^>]*>\s*/i, '');
  const headEnd = html.indexOf('</head>');
  const root = html.indexOf(ROOT);
  // A build without these (a test's bare index.html) still gets its head in front of everything.
  if (root < 0) return undefined;
  const beforeHead = headEnd >= 0 && headEnd < root ? html.slice(0, headEnd) : '';
  const middle = html.slice(beforeHead.length, root + ROOT.length);
  const rest = html.slice(root + ROOT.length);
  return (head, body) =>
    `${beforeHead}${head}\n    ${PAGE_STYLES}\n  ${middle}<div ${SERVER_PAGE}>${body}</div>${rest}`;
}

interface ServedPage {
  status: 200 | 404;
  entry: CachedResponse;
}

/**
 * The HTML of the server-made pages. Listings and the home page are kept like the API's answers: tagged
 * with what each read (`product:*` and the cards' `stock:<id>`), so the invalidation that drops the JSON
 * drops the HTML too, on every instance (the same bus). A product page is made on every request from the
 * product's kept JSON (the API's product cache, warmed at start and dropped by the same invalidation):
 * a render costs about 0.1 ms, while keeping 26 KB of HTML per product does not fit 100,000 products, so
 * kept pages were nearly all misses that churned the cache and the heap (p99 97 ms at 50 connections over
 * 100,000 products; 7 ms when all fit).
 */
export function createServerPages(
  pages: PagesService,
  bus: Pick<InvalidationBus, 'register'>,
  options: { maxBytes?: number } = {},
) {
  const cache = createResponseCache({ maxBytes: options.maxBytes ?? 32 * 2 ** 20 });
  bus.register(cache);
  const serverPages: ServerPages = (indexHtml) => {
    const compose = documentTemplate(indexHtml);
    if (!compose) return undefined;
    const templateTag = etagOf(indexHtml).slice(1, 9);
    return (pathname, search) => {
      const make = pages.route(pathname, search);
      if (!make) return undefined;
      const key = `${pathname}${search}`;
      const kept = cache.get(key);
      if (kept) return Promise.resolve({ status: 200, entry: kept });
      return (async (): Promise<ServedPage> => {
        // Read in this generation: a write that lands meanwhile keeps the page from being stored.
        const startedAt = cache.begin();
        const page = await make();
        const head = renderHead(page.head, BRAND);
        const html = compose(head, page.body);
        if (page.status === 200 && page.tags) {
          const kept = cache.set(key, html, { tags: page.tags, startedAt });
          if (kept) return { status: page.status, entry: kept };
        }
        // Not kept: the validator hashes what this page put into the template (8 KB, not 26), with the
        // template's own hash, which changes with every build.
        const entry: CachedResponse = {
          body: html,
          etag: `"${templateTag}.${etagOf(head + page.body).slice(1, -1)}"`,
          transient: true,
        };
        return { status: page.status, entry };
      })();
    };
  };
  return serverPages;
}
