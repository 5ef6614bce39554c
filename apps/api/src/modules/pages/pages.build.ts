import type { Category, Product } from '@bulkwise/contracts';
import { pageTags, productPageTags } from '../products/products.cache';
import { summary, type PageHead } from './pages.html';
import {
  CURRENCY,
  absoluteUrl,
  breadcrumbLd,
  dollars,
  inStock,
  itemListLd,
  productLd,
  shareImage,
} from './pages.structured';
import { categoryHref, homeView, listingView, productHref, productView, type Crumb } from './pages.views';

// The server-made pages built from the data they show (head, body, cache tags); pages.service.ts reads it.
export const BRAND = 'Bulkwise';
const SITE_DESCRIPTION =
  'Bulkwise is a B2B wholesale marketplace: suppliers list products for bulk purchase, and retail and business buyers browse by category and buy in bulk.';

/** A page as the server makes it: its head, its visible content and what its data was read from. */
export interface RenderedPage {
  status: 200 | 404;
  head: PageHead;
  body: string;
  /** Cache tags of the data it shows; undefined: not kept (a 404). */
  tags?: string[];
}

const title = (page: string) => `${page} | ${BRAND}`;

export const HOME: Crumb = { name: 'Home', href: '/' };
const url = (publicUrl: string, path: string) => absoluteUrl(publicUrl, path);
const ld = (publicUrl: string, trail: readonly Crumb[]) =>
  breadcrumbLd(trail.map((c) => ({ name: c.name, url: url(publicUrl, c.href) })));

export const notFoundPage = (page: string, body: string): RenderedPage => ({
  status: 404,
  head: { title: title(page), description: SITE_DESCRIPTION, noindex: true, structuredData: [] },
  body: `<main class="mx-auto max-w-7xl px-4 py-10"><h1 class="text-3xl font-bold">Page Not Found</h1><p>${body}</p><p><a href="/categories">Browse Categories</a> · <a href="/">Back to Homepage</a></p></main>`,
});

export function productPage(publicUrl: string, p: Product, category: Category | undefined): RenderedPage {
  const trail: Crumb[] = [
    HOME,
    ...(category ? [{ name: category.name, href: categoryHref(category._id) }] : []),
  ];
  const canonical = url(publicUrl, productHref(p._id));
  const image = shareImage(publicUrl, p.image);
  return {
    status: 200,
    head: {
      title: title(p.name),
      description: summary(
        `$${dollars(p.price)} per unit, minimum order ${p.minSellingQuantity}. ${p.description}`,
      ),
      canonical,
      image: { ...image, alt: p.name },
      product: {
        price: dollars(p.price),
        currency: CURRENCY,
        availability: inStock(p) ? 'instock' : 'oos',
      },
      structuredData: [
        productLd(p, canonical, image.url),
        ld(publicUrl, [...trail, { name: p.name, href: productHref(p._id) }]),
      ],
    },
    body: productView(p, trail),
    tags: productPageTags(p._id),
  };
}

/** A listing's page: its heading, where it is, what it shows and the trail above it. */
export interface Listing {
  heading: string;
  path: string;
  description: string;
  trail: Crumb[];
}

export function listingPage(
  publicUrl: string,
  { heading, path, description, trail }: Listing,
  items: Product[],
): RenderedPage {
  const first = items[0];
  return {
    status: 200,
    head: {
      title: title(heading),
      description: summary(description),
      canonical: url(publicUrl, path),
      ...(first ? { image: { ...shareImage(publicUrl, first.image), alt: first.name } } : {}),
      structuredData: [
        ld(publicUrl, [...trail, { name: heading, href: path }]),
        itemListLd(
          heading,
          items.map((p) => ({ name: p.name, url: url(publicUrl, productHref(p._id)) })),
        ),
      ],
    },
    body: listingView(heading, items, trail),
    tags: pageTags(items),
  };
}

export function homePage(publicUrl: string, list: Category[]): RenderedPage {
  return {
    status: 200,
    head: {
      title: title('Home'),
      description: SITE_DESCRIPTION,
      canonical: url(publicUrl, '/'),
      structuredData: [
        { '@context': 'https://schema.org', '@type': 'WebSite', name: BRAND, url: url(publicUrl, '/') },
      ],
    },
    body: homeView(BRAND, SITE_DESCRIPTION, list),
    // Names and links only: the categories are fixed.
    tags: [],
  };
}
