import { readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import {
  IMAGE_FORMATS,
  IMAGE_SIZES,
  imageSrcset,
  parseUploadedImage,
  uploadedImagePath,
} from '@bulkwise/contracts';
import type { FastifyInstance } from 'fastify';
import type { CachedResponse } from '../lib/cache/cache';
import { sendHtml } from '../lib/cache/http';

/*
 * Serves the built SPA (docs/decisions/0014-page-speed.md):
 * - hashed build output (/assets/*) is immutable for a year: a new build has new names;
 * - every other file (the favicon, the seed and placeholder images under /images, which products in
 *   the database point at) may change under the same URL: cached a day, then used while it is
 *   revalidated in the background (ETag / Last-Modified answer 304 when nothing changed);
 * - index.html is revalidated on every load (its ETag makes that a 304), so a deploy shows at once.
 * Every other non-API GET answers index.html, with `Link: rel=preload` for the API data its first
 * page shows and (first-page-preloads.json, from the web build) that page's chunks and largest
 * image, so they download alongside the entry script instead of after the app starts. A product page
 * and the bare All Products page also preload the image that will be their largest paint (the product's,
 * the first card's), which the browser would otherwise discover only after the script and the JSON.
 */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE_DAILY = 'public, max-age=86400, stale-while-revalidate=604800';

function cachePolicy(filePath: string): string {
  // A precompressed copy (index.html.br) has the policy of its file.
  if (path.basename(filePath).replace(/\.(br|gz)$/, '') === 'index.html') return 'no-cache';
  return filePath.includes(`${path.sep}assets${path.sep}`) ? IMMUTABLE : REVALIDATE_DAILY;
}

/** Same as the web's first All Products page (apps/web PRODUCT_PAGE_SIZE; app/prefetch.test pins the URL). */
const FIRST_PRODUCT_PAGE = '/api/products?limit=24';

/** The public API requests the SPA makes at start for this URL (app/prefetch.ts asks for the same). */
export function firstPageData(pathname: string, search: string): string[] {
  // The footer of every page lists the categories.
  const urls = ['/api/categories'];
  const product = /^\/product\/([^/]+)$/.exec(pathname);
  if (product?.[1]) urls.push(`/api/products/${encodeURIComponent(safeDecode(product[1]))}`);
  else if (pathname === '/all-products' && search === '') urls.push(FIRST_PRODUCT_PAGE);
  return urls;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

// The same request modes as the app's fetch() and module scripts (CORS, same-origin credentials),
// so the browser reuses what it preloaded. Scripts go at low priority, like every script index.html
// names (apps/web/vite-plugins.ts): the first paint (the startup overlay) needs none of them.
const dataLink = (url: string) => `<${url}>; rel=preload; as=fetch; crossorigin`;
const scriptLink = (url: string) => `<${url}>; rel=preload; as=script; crossorigin; fetchpriority=low`;
const imageLink = (url: string, sizes?: string) => {
  // An upload has several widths in two formats: the preload names the AVIF widths with the page's
  // `sizes`, so the browser fetches the one file its <picture> will pick; one that cannot decode AVIF
  // skips the preload (its type) and fetches the WebP the <img> names.
  const upload = sizes ? parseUploadedImage(url) : undefined;
  if (!upload) return `<${url}>; rel=preload; as=image; fetchpriority=high`;
  const choice = `imagesrcset="${imageSrcset(url, 'avif')}"; imagesizes="${sizes}"; type="${IMAGE_FORMATS.avif}"`;
  return `<${uploadedImagePath(upload.id, upload.width, 'avif')}>; rel=preload; as=image; fetchpriority=high; ${choice}`;
};

/**
 * An image URL from product data goes into the Link header only when it cannot break the header's
 * syntax (`<`, `>`, `,`, `;`, quotes, spaces or controls) and is a same-site path or an http(s) URL.
 */
const SAFE_IMAGE_URL = /^(?:\/(?!\/)|https?:\/\/)[^\s\p{Cc}<>,;"'\\]*$/u;
export const isPreloadableImage = (url: string) => url.length <= 2048 && SAFE_IMAGE_URL.test(url);

/** The image of the page's largest paint, from data the API already has (undefined: none known). */
export type LcpImageLookup = (
  page: { productId: string } | { firstProductPage: string },
) => Promise<string | undefined>;

/** The lookup may not hold the HTML back: past this, or on any error, the page goes without the hint. */
const LCP_LOOKUP_BUDGET_MS = 100;

async function lcpImageFor(
  lookup: LcpImageLookup | undefined,
  pathname: string,
  search: string,
): Promise<string | undefined> {
  if (!lookup) return undefined;
  const product = /^\/product\/([^/]+)$/.exec(pathname);
  const page = product?.[1]
    ? { productId: safeDecode(product[1]) }
    : pathname === '/all-products' && search === ''
      ? { firstProductPage: FIRST_PRODUCT_PAGE }
      : undefined;
  if (!page) return undefined;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>(
    (resolve) => (timer = setTimeout(() => resolve(undefined), LCP_LOOKUP_BUDGET_MS)),
  );
  try {
    const url = await Promise.race([lookup(page), late]);
    return url !== undefined && isPreloadableImage(url) ? url : undefined;
  } catch {
    return undefined;
  } finally {
    clearTimeout(timer);
  }
}

/** Written by the web build (apps/web/vite-plugins.ts): per public page, its chunks and largest image. */
const PAGE_PRELOADS_FILE = 'first-page-preloads.json';
interface PagePreload {
  path: string;
  scripts: string[];
  images: string[];
}

function loadPagePreloads(root: string): Array<{ pattern: RegExp; links: string[] }> {
  let pages: PagePreload[];
  try {
    pages = JSON.parse(readFileSync(path.join(root, PAGE_PRELOADS_FILE), 'utf8')) as PagePreload[];
  } catch {
    // A build without the file: the pages still load, one round trip later.
    return [];
  }
  return pages.map((page) => ({
    pattern: new RegExp(`^${page.path.replace(/:[^/]+/g, '[^/]+')}/?$`),
    links: [...page.scripts.map(scriptLink), ...page.images.map((url) => imageLink(url))],
  }));
}

/**
 * The server-made pages (modules/pages, decision 0024): given the built index.html, a lookup that answers
 * the full HTML of a URL it makes (product, category, listing, home), or undefined for the others.
 */
export type ServerPages = (
  indexHtml: string,
) =>
  | ((pathname: string, search: string) => Promise<{ status: 200 | 404; entry: CachedResponse }> | undefined)
  | undefined;

function readIndexHtml(root: string): string | undefined {
  try {
    return readFileSync(path.join(root, 'index.html'), 'utf8');
  } catch {
    return undefined;
  }
}

type SpaOptions = { lcpImage?: LcpImageLookup; serverPages?: ServerPages };

/** The Link header of a page: its first data, its scripts and its LCP image, fetched while it loads. */
function pageLinks(root: string, options: SpaOptions) {
  const pagePreloads = loadPagePreloads(root);
  return async (pathname: string, search: string) => {
    const image = await lcpImageFor(options.lcpImage, pathname, search);
    return [
      ...firstPageData(pathname, search).map(dataLink),
      ...(pagePreloads.find((page) => page.pattern.test(pathname))?.links ?? []),
      ...(image
        ? [
            imageLink(
              image,
              pathname.startsWith('/product/') ? IMAGE_SIZES.productPage : IMAGE_SIZES.cardGrid,
            ),
          ]
        : []),
    ];
  };
}

/** The built SPA: its files as built (pre-compressed, cache policies) and every other path as a page. */
export async function registerSpa(app: FastifyInstance, root: string, options: SpaOptions = {}) {
  const indexHtml = options.serverPages && readIndexHtml(root);
  const serverPage = indexHtml === undefined ? undefined : options.serverPages?.(indexHtml);
  const linksFor = pageLinks(root, options);
  // The app's own files are never shed (plugins/load-shedding.ts): they are cheap, and a page whose
  // scripts were refused cannot even show the busy message that a shed API call brings.
  await app.register(async (web) => {
    web.addHook('onRoute', (route) => {
      route.config = { ...route.config, loadShed: false };
    });
    await web.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // The web build writes Brotli and gzip copies of its text files (apps/web/vite-plugins.ts): they are
      // sent as they are, and @fastify/compress leaves an already encoded response alone.
      preCompressed: true,
      // setHeaders runs last, so it decides every file's policy, index.html's included.
      setHeaders: (reply, filePath) => reply.header('cache-control', cachePolicy(filePath)),
    });
    web.get('/*', { schema: { hide: true } }, async (req, reply) => {
      const [pathname = '/', query] = req.url.split('?', 2);
      if (pathname.startsWith('/api/') || pathname === '/api') return reply.callNotFound();
      if (path.extname(pathname)) {
        // A real file under the build (an image, the favicon) or a 404 for a missing asset.
        return reply.sendFile(pathname.slice(1), { cacheControl: false });
      }
      const search = query ? `?${query}` : '';
      reply.header('link', (await linksFor(pathname, search)).join(', '));
      const made = serverPage?.(pathname, search);
      if (made) {
        try {
          const { status, entry } = await made;
          return sendHtml(req, reply.code(status), entry);
        } catch (err) {
          // The database is away (or a bug): the app's own shell still loads and shows its error state.
          req.log.warn({ err }, 'server-made page failed; sending the app shell');
        }
      }
      return reply.sendFile('index.html', { cacheControl: false });
    });
  });
}
