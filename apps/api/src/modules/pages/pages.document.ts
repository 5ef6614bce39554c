import type { InvalidationBus } from '../../lib/cache/bus';
import { createResponseCache, uncached, type CachedResponse } from '../../lib/cache/cache';
import type { ServerPages } from '../../plugins/spa';
import { renderHead } from './pages.html';
import { BRAND } from './pages.build';
import type { PagesService } from './pages.service';

/**
 * Without JavaScript the startup overlay (index.html) would cover the page for good: it goes, and the
 * server-made view shows. With JavaScript this block is inert: the view stays undisplayed (the overlay
 * would cover it anyway until React replaces both), so the browser spends no style or layout work on
 * it while the app starts.
 */
const NO_SCRIPT_STYLE =
  '<noscript><style>[data-testid="startup-overlay"]{display:none!important}[data-server-view]{display:block!important}</style></noscript>';
const ROOT = '<div id="root">';
const serverView = (body: string) => `<div data-server-view style="display:none">${body}</div>`;

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
    `${beforeHead}${head}\n    ${NO_SCRIPT_STYLE}\n  ${middle}${serverView(body)}${rest}`;
}

interface ServedPage {
  status: 200 | 404;
  entry: CachedResponse;
}

/**
 * The HTML of the server-made pages, kept like the API's answers: tagged with what each page read
 * (`product:<id>`, `stock:<id>`, `product:*` for listings), so the invalidation that drops a product's
 * JSON drops its HTML too, on every instance (the same bus).
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
        const html = compose(renderHead(page.head, BRAND), page.body);
        const kept =
          page.status === 200 && page.tags ? cache.set(key, html, { tags: page.tags, startedAt }) : undefined;
        return { status: page.status, entry: kept ?? uncached(html) };
      })();
    };
  };
  return serverPages;
}
