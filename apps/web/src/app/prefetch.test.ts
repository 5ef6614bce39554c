import { IMAGE_SIZES, imageSrcset } from '@bulkwise/contracts';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { HERO_SLIDES } from '@/features/home/content';
import { productQueryOptions } from '@/features/products/api/get-product';
import { json, mockApi } from '@/test/mock-api';
import { publicProduct } from '@/test/products';
import { prefetchFirstPage } from './prefetch';

const at = (href: string) => new URL(href, 'http://localhost');
const preloads = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="image"]')].map((link) => ({
    href: link.getAttribute('href'),
    priority: link.getAttribute('fetchpriority'),
    ...(link.hasAttribute('imagesrcset')
      ? {
          srcset: link.getAttribute('imagesrcset'),
          sizes: link.getAttribute('imagesizes'),
          type: link.getAttribute('type'),
        }
      : {}),
  }));

afterEach(() => {
  document.head.querySelectorAll('link[rel="preload"]').forEach((link) => link.remove());
});

describe('prefetchFirstPage', () => {
  it('on a product page, asks for the product at once and preloads its image with high priority', async () => {
    const product = publicProduct({ _id: 'p1', image: '/images/products/bolts.svg' });
    const { calls } = mockApi({ 'GET /api/products/p1': () => json(product) });
    const client = new QueryClient();

    prefetchFirstPage(client, at('/product/p1'));

    expect(calls.map((c) => c.url.pathname).sort()).toEqual(['/api/categories', '/api/products/p1']);
    await expect.poll(preloads).toEqual([{ href: '/images/products/bolts.svg', priority: 'high' }]);
    // The page then renders from the cache without asking again.
    expect(client.getQueryData(productQueryOptions('p1').queryKey)?.name).toBe(product.name);
  });

  it("an uploaded photo's preload offers every AVIF width with the product page's sizes, as its <picture> does", async () => {
    const image = `/images/u/${'b'.repeat(32)}-1280.webp`;
    mockApi({ 'GET /api/products/p2': () => json(publicProduct({ _id: 'p2', image })) });

    prefetchFirstPage(new QueryClient(), at('/product/p2'));

    await expect.poll(preloads).toEqual([
      // React leaves href out when there is a srcset: the browser chooses from it, as the <picture> will.
      {
        href: null,
        priority: 'high',
        srcset: imageSrcset(image, 'avif'),
        sizes: IMAGE_SIZES.productPage,
        type: 'image/avif',
      },
    ]);
    expect(imageSrcset(image, 'avif')).toContain('-800.avif 800w');
  });

  it('on the home page, preloads the first hero slide with high priority', async () => {
    mockApi({});
    prefetchFirstPage(new QueryClient(), at('/'));
    await expect.poll(preloads).toEqual([{ href: HERO_SLIDES[0]!.image, priority: 'high' }]);
  });

  it('on All Products, asks for the first page the toolbar in the URL shows', () => {
    const { apiCalls } = mockApi({ 'GET /api/products': () => json([]) });

    prefetchFirstPage(new QueryClient(), at('/all-products?sort=price_asc&filter=available'));

    const [call] = apiCalls();
    expect(call?.url.pathname).toBe('/api/products');
    expect(Object.fromEntries(call?.url.searchParams ?? [])).toEqual({
      sort: 'price_asc',
      minOrderOver: '100',
      limit: '24',
    });
  });

  it('on a bare All Products URL, asks for exactly the URL the server preloads with the HTML', () => {
    const { apiCalls } = mockApi({ 'GET /api/products': () => json([]) });
    prefetchFirstPage(new QueryClient(), at('/all-products'));
    // apps/api/src/plugins/spa.ts sends `Link: </api/products?limit=24>; rel=preload` for this page.
    const [call] = apiCalls();
    expect(`${call?.url.pathname}${call?.url.search}`).toBe('/api/products?limit=24');
  });

  it('a product that cannot be loaded preloads nothing and leaves the error to the page', async () => {
    const { calls } = mockApi({});
    const client = new QueryClient();

    prefetchFirstPage(client, at('/product/missing'));

    await expect
      .poll(() => client.getQueryState(productQueryOptions('missing').queryKey)?.status)
      .toBe('error');
    expect(calls).toHaveLength(2);
    expect(preloads()).toEqual([]);
  });
});
