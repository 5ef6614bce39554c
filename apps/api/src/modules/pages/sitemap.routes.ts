import { Readable } from 'node:stream';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../errors';
import { escapeHtml as x } from './pages.html';
import type { SitemapRepository } from './sitemap.repository';

/** The protocol's limit per sitemap file (sitemaps.org): the index points at pages of at most this. */
export const SITEMAP_PAGE_SIZE = 50_000;

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';

/** The signed-in and guest-only pages: nothing there for a search engine. */
const PRIVATE_PATHS = [
  '/api/',
  '/cart',
  '/my-products',
  '/add-product',
  '/update-product/',
  '/orders',
  '/dashboard',
  '/settings',
  '/login',
  '/register',
  '/verify-email',
];

/**
 * robots.txt and the sitemap: an index over one page of fixed pages and categories and pages of at most
 * 50,000 products with their lastmod. Read from the database on each request (always as fresh as the
 * catalog) and streamed, so a million products never sit in memory at once.
 */
export const sitemapRoutes: FastifyPluginAsyncZod<{
  sitemap: SitemapRepository;
  publicUrl: string;
}> = async (app, { sitemap, publicUrl }) => {
  const loc = (path: string) => `<loc>${x(`${publicUrl}${path}`)}</loc>`;
  const hidden = { schema: { hide: true } };

  app.get('/robots.txt', hidden, async (_req, reply) => {
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600');
    const rules = PRIVATE_PATHS.map((p) => `Disallow: ${p}`).join('\n');
    return `User-agent: *\nAllow: /\n${rules}\n\nSitemap: ${publicUrl}/sitemap.xml\n`;
  });

  app.get('/sitemap.xml', hidden, async (_req, reply) => {
    const pages = Math.ceil((await sitemap.productCount()) / SITEMAP_PAGE_SIZE);
    const entries = ['/sitemaps/pages.xml'];
    for (let n = 1; n <= pages; n++) entries.push(`/sitemaps/products-${n}.xml`);
    reply.type('application/xml; charset=utf-8').header('cache-control', 'no-cache');
    return `${XML_HEAD}<sitemapindex ${NS}>\n${entries.map((e) => `<sitemap>${loc(e)}</sitemap>`).join('\n')}\n</sitemapindex>\n`;
  });

  app.get('/sitemaps/pages.xml', hidden, async (_req, reply) => {
    const fixed = ['/', '/categories', '/all-products'];
    const categories = (await sitemap.categories()).map((c) => `/category/${c.id}`);
    reply.type('application/xml; charset=utf-8').header('cache-control', 'no-cache');
    const urls = [...fixed, ...categories].map((p) => `<url>${loc(p)}</url>`).join('\n');
    return `${XML_HEAD}<urlset ${NS}>\n${urls}\n</urlset>\n`;
  });

  app.get(
    '/sitemaps/:file',
    { schema: { hide: true, params: z.object({ file: z.string().max(40) }) } },
    async (req, reply) => {
      const n = /^products-([1-9]\d{0,5})\.xml$/.exec(req.params.file)?.[1];
      if (!n) throw notFound('Sitemap page');
      const offset = (Number(n) - 1) * SITEMAP_PAGE_SIZE;
      const rows = sitemap.productPage(offset, SITEMAP_PAGE_SIZE);
      // The first row is read before the answer starts, so a page past the end is a clean 404.
      const first = await rows.next();
      if (first.done) throw notFound('Sitemap page');
      const url = (r: { id: string; updatedAt: Date }) =>
        `<url>${loc(`/product/${r.id}`)}<lastmod>${r.updatedAt.toISOString()}</lastmod></url>\n`;
      async function* body() {
        yield `${XML_HEAD}<urlset ${NS}>\n${url(first.value as { id: string; updatedAt: Date })}`;
        for await (const row of rows) yield url(row);
        yield '</urlset>\n';
      }
      reply.type('application/xml; charset=utf-8').header('cache-control', 'no-cache');
      return reply.send(Readable.from(body()));
    },
  );
};
