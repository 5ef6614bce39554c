import { IMAGE_SIZES, imageSrcset } from '@bulkwise/contracts';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerSpa, type LcpImageLookup } from './spa';

let root: string;
let app: FastifyInstance;
const INDEX_HTML = '<!doctype html><div id="root"></div>';
const APP_JS = `export const app = ${JSON.stringify('bulkwise '.repeat(300))};`;

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'bulkwise-spa-'));
  mkdirSync(path.join(root, 'assets'));
  mkdirSync(path.join(root, 'images'));
  writeFileSync(path.join(root, 'index.html'), INDEX_HTML);
  writeFileSync(path.join(root, 'assets', 'index-AbC123.js'), 'export {};');
  writeFileSync(path.join(root, 'images', 'bolt.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  // A file the web build compressed ahead of time, and the HTML with its copy.
  writeFileSync(path.join(root, 'assets', 'app-B1.js'), APP_JS);
  writeFileSync(path.join(root, 'assets', 'app-B1.js.br'), brotliCompressSync(APP_JS));
  writeFileSync(path.join(root, 'index.html.br'), brotliCompressSync(INDEX_HTML));
  // As the web build writes it (apps/web/vite-plugins.ts).
  writeFileSync(
    path.join(root, 'first-page-preloads.json'),
    JSON.stringify([
      { path: '/', scripts: ['/assets/home-H1.js'], images: ['/images/hero/one.svg'] },
      { path: '/product/:id', scripts: ['/assets/product-P1.js', '/assets/price-P2.js'], images: [] },
    ]),
  );
  app = Fastify();
  app.get('/api/health', async () => ({ ok: true }));
  await registerSpa(app, root);
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });

describe('serving the SPA', () => {
  it('caches hashed build files for a year, as immutable', async () => {
    const res = await get('/assets/index-AbC123.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('caches other files a day and revalidates them with their ETag', async () => {
    const res = await get('/images/bolt.svg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=86400, stale-while-revalidate=604800');
    const etag = String(res.headers.etag);
    expect(etag).toMatch(/^(W\/)?"/);
    expect((await get('/images/bolt.svg', { 'if-none-match': etag })).statusCode).toBe(304);
  });

  it('revalidates index.html on every load: unchanged, it is a 304 without a body', async () => {
    const page = await get('/categories');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-cache');
    const again = await get('/categories', { 'if-none-match': String(page.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('preloads the API data of the first page with the HTML', async () => {
    const links = async (url: string) => String((await get(url)).headers.link).split(', ');
    const categories = '</api/categories>; rel=preload; as=fetch; crossorigin';
    expect(await links('/categories')).toEqual([categories]);
    expect(await links('/product/0190a1b2-c3d4')).toEqual([
      categories,
      '</api/products/0190a1b2-c3d4>; rel=preload; as=fetch; crossorigin',
      '</assets/product-P1.js>; rel=preload; as=script; crossorigin; fetchpriority=low',
      '</assets/price-P2.js>; rel=preload; as=script; crossorigin; fetchpriority=low',
    ]);
    // A hostile id is sent back encoded, never as raw header syntax.
    expect(await links('/product/a%3E%3B%20rel%3Dx')).toContain(
      '</api/products/a%3E%3B%20rel%3Dx>; rel=preload; as=fetch; crossorigin',
    );
    expect(await links('/all-products')).toEqual([
      categories,
      '</api/products?limit=24>; rel=preload; as=fetch; crossorigin',
    ]);
    // With toolbar state in the URL the app's request differs: only the categories are preloaded.
    expect(await links('/all-products?sort=price_asc')).toEqual([categories]);
  });

  it("preloads the page's own chunks and largest image, as the web build lists them", async () => {
    expect(String((await get('/')).headers.link).split(', ')).toEqual([
      '</api/categories>; rel=preload; as=fetch; crossorigin',
      '</assets/home-H1.js>; rel=preload; as=script; crossorigin; fetchpriority=low',
      '</images/hero/one.svg>; rel=preload; as=image; fetchpriority=high',
    ]);
  });

  it('sends the Brotli copy the build made to a browser that accepts it, and the file itself otherwise', async () => {
    const br = await get('/assets/app-B1.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(APP_JS);

    const plain = await get('/assets/app-B1.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(APP_JS);
  });

  it("sends the HTML's Brotli copy with the page's Link header", async () => {
    const page = await get('/product/0190a1b2-c3d4', { 'accept-encoding': 'br' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(String(page.headers.link)).toContain('</assets/product-P1.js>');
    expect(brotliDecompressSync(page.rawPayload).toString()).toBe(INDEX_HTML);
  });

  it('leaves unknown API paths and missing files as 404s', async () => {
    expect((await get('/api/nope')).statusCode).toBe(404);
    expect((await get('/assets/gone-123.js')).statusCode).toBe(404);
    expect((await get('/api/health')).json()).toEqual({ ok: true });
  });
});

describe("the first paint's image, from a lookup that may fail", () => {
  const pageWith = async (lcpImage: LcpImageLookup) => {
    const spa = Fastify();
    await registerSpa(spa, root, { lcpImage });
    await spa.ready();
    try {
      const res = await spa.inject({ method: 'GET', url: '/product/0190a1b2-c3d4' });
      return { status: res.statusCode, links: String(res.headers.link).split(', ') };
    } finally {
      await spa.close();
    }
  };
  const withoutImage = [
    '</api/categories>; rel=preload; as=fetch; crossorigin',
    '</api/products/0190a1b2-c3d4>; rel=preload; as=fetch; crossorigin',
    '</assets/product-P1.js>; rel=preload; as=script; crossorigin; fetchpriority=low',
    '</assets/price-P2.js>; rel=preload; as=script; crossorigin; fetchpriority=low',
  ];

  it('adds the image last, with high priority', async () => {
    expect(await pageWith(async () => '/images/products/bolt.svg')).toEqual({
      status: 200,
      links: [...withoutImage, '</images/products/bolt.svg>; rel=preload; as=image; fetchpriority=high'],
    });
  });

  it("names every AVIF width of an uploaded image with the page's sizes, so the preload is the file the page's <picture> picks", async () => {
    const upload = `/images/u/${'a'.repeat(32)}-1280.webp`;
    const { links } = await pageWith(async () => upload);
    const header = links.join(', ');
    const avif = `/images/u/${'a'.repeat(32)}-1280.avif`;
    expect(imageSrcset(upload, 'avif')).toContain(`/images/u/${'a'.repeat(32)}-672.avif 672w`);
    expect(
      header.endsWith(
        `<${avif}>; rel=preload; as=image; fetchpriority=high; imagesrcset="${imageSrcset(upload, 'avif')}"; imagesizes="${IMAGE_SIZES.productPage}"; type="image/avif"`,
      ),
    ).toBe(true);
  });

  it('still serves the page when the lookup fails or never answers', async () => {
    expect(await pageWith(() => Promise.reject(new Error('database down')))).toEqual({
      status: 200,
      links: withoutImage,
    });
    expect(await pageWith(() => new Promise(() => {}))).toEqual({ status: 200, links: withoutImage });
  });

  it('drops protocol-relative, script and header-breaking URLs', async () => {
    for (const url of [
      '//evil.example/x.png',
      'javascript:alert(1)',
      '/a>; rel=stylesheet',
      '/a b.png',
      '/a\n.png',
    ]) {
      expect(await pageWith(async () => url), url).toEqual({ status: 200, links: withoutImage });
    }
  });
});
