import type { Category, Product, ProductListQuery } from '@bulkwise/contracts';
import { AppError } from '../../errors';
import type { CategoriesService } from '../categories/categories.service';
import { pageTags, productPageTags } from '../products/products.cache';
import type { ProductReads } from '../products/products.reads';
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

export const BRAND = 'Bulkwise';
const SITE_DESCRIPTION =
  'Bulkwise is a B2B wholesale marketplace: suppliers list products for bulk purchase, and retail and business buyers browse by category and buy in bulk.';
/** The app's first page of a listing (apps/web PRODUCT_PAGE_SIZE): the same cached answer. */
const FIRST_PAGE_SIZE = 24;

/** A page as the server makes it: its head, its visible content and what its data was read from. */
export interface RenderedPage {
  status: 200 | 404;
  head: PageHead;
  body: string;
  /** Cache tags of the data it shows; undefined: not kept (a 404). */
  tags?: string[];
}

const title = (page: string) => `${page} | ${BRAND}`;
const isNotFound = (err: unknown) => err instanceof AppError && err.code === 'NOT_FOUND';
const parse = <T>(body: string) => JSON.parse(body) as T;

export function createPagesService(deps: {
  reads: ProductReads;
  categories: Pick<CategoriesService, 'list' | 'get'>;
  publicUrl: string;
}) {
  const { reads, publicUrl } = deps;
  // Names, ids and descriptions of the fixed categories (seeded, never written at run time): read once,
  // so a product page made from the cached product costs no query. Counts are never shown here.
  let fixedCategories: Promise<Category[]> | undefined;
  const categories = {
    list: () =>
      (fixedCategories ??= deps.categories.list().then(
        (list) => {
          // An empty list (a database not seeded yet) is asked again next time.
          if (list.length === 0) fixedCategories = undefined;
          return list;
        },
        (err: unknown) => {
          fixedCategories = undefined;
          throw err;
        },
      )),
    get: deps.categories.get,
  };
  const url = (path: string) => absoluteUrl(publicUrl, path);
  const home: Crumb = { name: 'Home', href: '/' };
  const ld = (trail: readonly Crumb[]) =>
    breadcrumbLd(trail.map((c) => ({ name: c.name, url: url(c.href) })));

  const notFoundPage = (page: string, body: string): RenderedPage => ({
    status: 404,
    head: { title: title(page), description: SITE_DESCRIPTION, noindex: true, structuredData: [] },
    body: `<main class="mx-auto max-w-7xl px-4 py-10"><h1 class="text-3xl font-bold">Page Not Found</h1><p>${body}</p><p><a href="/categories">Browse Categories</a> · <a href="/">Back to Homepage</a></p></main>`,
  });

  async function product(id: string): Promise<RenderedPage> {
    let p: Product;
    try {
      p = parse<Product>((await reads.product(id)).body);
    } catch (err) {
      if (isNotFound(err)) return notFoundPage('Product Details', 'Product not found.');
      throw err;
    }
    const category = (await categories.list()).find((c) => c.name === p.category);
    const trail: Crumb[] = [
      home,
      ...(category ? [{ name: category.name, href: categoryHref(category._id) }] : []),
    ];
    const canonical = url(productHref(p._id));
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
          ld([...trail, { name: p.name, href: productHref(p._id) }]),
        ],
      },
      body: productView(p, trail),
      tags: productPageTags(p._id),
    };
  }

  async function listing(
    heading: string,
    path: string,
    description: string,
    query: ProductListQuery,
    trail: Crumb[],
  ): Promise<RenderedPage> {
    const items = parse<Product[]>((await reads.page({ ...query, limit: FIRST_PAGE_SIZE })).body);
    const first = items[0];
    return {
      status: 200,
      head: {
        title: title(heading),
        description: summary(description),
        canonical: url(path),
        ...(first ? { image: { ...shareImage(publicUrl, first.image), alt: first.name } } : {}),
        structuredData: [
          ld([...trail, { name: heading, href: path }]),
          itemListLd(
            heading,
            items.map((p) => ({ name: p.name, url: url(productHref(p._id)) })),
          ),
        ],
      },
      body: listingView(heading, items, trail),
      tags: pageTags(items),
    };
  }

  async function category(id: string): Promise<RenderedPage> {
    let c: Category;
    try {
      c = await categories.get(id);
    } catch (err) {
      if (isNotFound(err)) return notFoundPage('Category', 'Category not found.');
      throw err;
    }
    const trail = [home, { name: 'Categories', href: '/categories' }];
    return listing(c.name, categoryHref(c._id), c.description, { category: c.slug }, trail);
  }

  async function homePage(): Promise<RenderedPage> {
    const list = await categories.list();
    return {
      status: 200,
      head: {
        title: title('Home'),
        description: SITE_DESCRIPTION,
        canonical: url('/'),
        structuredData: [
          { '@context': 'https://schema.org', '@type': 'WebSite', name: BRAND, url: url('/') },
        ],
      },
      body: homeView(BRAND, SITE_DESCRIPTION, list),
      // Names and links only: the categories are fixed.
      tags: [],
    };
  }

  return {
    /**
     * How to make the server-made page of this URL, or undefined for pages the app alone makes
     * (signed-in pages, searches, toolbar states).
     */
    route(pathname: string, search: string): (() => Promise<RenderedPage>) | undefined {
      if (pathname === '/') return homePage;
      if (pathname === '/all-products' && search === '') {
        return () =>
          listing(
            'All Products',
            '/all-products',
            `Every wholesale product on ${BRAND}: prices per unit, minimum orders and volume breaks from verified suppliers.`,
            {},
            [home],
          );
      }
      const match = /^\/(product|category)\/([^/]+)$/.exec(pathname);
      if (!match) return undefined;
      let id: string;
      try {
        id = decodeURIComponent(match[2]!);
      } catch {
        const page = notFoundPage('Page Not Found', "Oops! The page you're looking for doesn't exist.");
        return () => Promise.resolve(page);
      }
      return match[1] === 'product' ? () => product(id) : () => category(id);
    },
  };
}
export type PagesService = ReturnType<typeof createPagesService>;
