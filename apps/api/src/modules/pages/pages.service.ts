import type { Category, Product, ProductListQuery } from '@bulkwise/contracts';
import { AppError } from '../../errors';
import type { CategoriesService } from '../categories/categories.service';
import type { ProductReads } from '../products/products.reads';
import {
  BRAND,
  HOME,
  homePage,
  listingPage,
  notFoundPage,
  productPage,
  type Listing,
  type RenderedPage,
} from './pages.build';
import { categoryHref } from './pages.views';

/** The app's first page of a listing (apps/web PRODUCT_PAGE_SIZE): the same cached answer. */
const FIRST_PAGE_SIZE = 24;

const isNotFound = (err: unknown) => err instanceof AppError && err.code === 'NOT_FOUND';
const parse = <T>(body: string) => JSON.parse(body) as T;

/**
 * Names, ids and descriptions of the fixed categories (seeded, never written at run time): read once,
 * so a product page made from the cached product costs no query. Counts are never shown here.
 */
function fixedCategories(
  source: Pick<CategoriesService, 'list' | 'get'>,
): Pick<CategoriesService, 'list' | 'get'> {
  let fixed: Promise<Category[]> | undefined;
  return {
    list: () =>
      (fixed ??= source.list().then(
        (list) => {
          // An empty list (a database not seeded yet) is asked again next time.
          if (list.length === 0) fixed = undefined;
          return list;
        },
        (err: unknown) => {
          fixed = undefined;
          throw err;
        },
      )),
    get: source.get,
  };
}

/** What the server makes a page from, per kind of URL. */
interface PageMakers {
  home(): Promise<RenderedPage>;
  listing(page: Listing, query: ProductListQuery): Promise<RenderedPage>;
  product(id: string): Promise<RenderedPage>;
  category(id: string): Promise<RenderedPage>;
}

function routePage(
  pages: PageMakers,
  pathname: string,
  search: string,
): (() => Promise<RenderedPage>) | undefined {
  if (pathname === '/') return pages.home;
  if (pathname === '/all-products' && search === '') {
    return () =>
      pages.listing(
        {
          heading: 'All Products',
          path: '/all-products',
          description: `Every wholesale product on ${BRAND}: prices per unit, minimum orders and volume breaks from verified suppliers.`,
          trail: [HOME],
        },
        {},
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
  return match[1] === 'product' ? () => pages.product(id) : () => pages.category(id);
}

export function createPagesService(deps: {
  reads: ProductReads;
  categories: Pick<CategoriesService, 'list' | 'get'>;
  publicUrl: string;
}) {
  const { reads, publicUrl } = deps;
  const categories = fixedCategories(deps.categories);

  async function product(id: string): Promise<RenderedPage> {
    let p: Product;
    try {
      p = parse<Product>((await reads.product(id)).body);
    } catch (err) {
      if (isNotFound(err)) return notFoundPage('Product Details', 'Product not found.');
      throw err;
    }
    return productPage(
      publicUrl,
      p,
      (await categories.list()).find((c) => c.name === p.category),
    );
  }

  async function listing(page: Listing, query: ProductListQuery): Promise<RenderedPage> {
    const items = parse<Product[]>((await reads.page({ ...query, limit: FIRST_PAGE_SIZE })).body);
    return listingPage(publicUrl, page, items);
  }

  async function category(id: string): Promise<RenderedPage> {
    let c: Category;
    try {
      c = await categories.get(id);
    } catch (err) {
      if (isNotFound(err)) return notFoundPage('Category', 'Category not found.');
      throw err;
    }
    const trail = [HOME, { name: 'Categories', href: '/categories' }];
    return listing(
      { heading: c.name, path: categoryHref(c._id), description: c.description, trail },
      { category: c.slug },
    );
  }

  return {
    /**
     * How to make the server-made page of this URL, or undefined for pages the app alone makes
     * (signed-in pages, searches, toolbar states).
     */
    route: (pathname: string, search: string) =>
      routePage(
        { home: async () => homePage(publicUrl, await categories.list()), listing, product, category },
        pathname,
        search,
      ),
  };
}
export type PagesService = ReturnType<typeof createPagesService>;
