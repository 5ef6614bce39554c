import { paths } from '@/config/paths';

/*
 * The public pages' modules, requested by the entry together with the app chunk (main.tsx), so the
 * first page's code is not discovered only once the router runs. router.tsx lazy-loads the same
 * functions: one module, one request.
 */
export const publicPages = {
  home: () => import('./routes/home'),
  categories: () => import('./routes/categories'),
  category: () => import('./routes/category'),
  allProducts: () => import('./routes/all-products'),
  product: () => import('./routes/product'),
};

const pattern = (path: string) => new RegExp(`^${path.replace(/:[^/]+/g, '[^/]+')}/?$`);
const table = (Object.keys(publicPages) as Array<keyof typeof publicPages>).map(
  (name) => [pattern(paths[name].path), publicPages[name]] as const,
);

/** The loader of the public page at `pathname`; none for private pages (they wait for the guard). */
export const firstPageLoader = (pathname: string) => table.find(([re]) => re.test(pathname))?.[1];

/** Starts loading the module of the page at `pathname`, if it is public. */
export function preloadFirstPage(pathname: string): void {
  // The router imports it again and shows any failure on the page.
  firstPageLoader(pathname)?.().catch(() => {});
}
