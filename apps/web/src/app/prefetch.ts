import { IMAGE_FORMATS, IMAGE_SIZES, imageSrcset } from '@bulkwise/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { preload } from 'react-dom';
import { matchPath } from 'react-router';
import { paths } from '@/config/paths';
import { categoriesQueryOptions } from '@/features/categories/api/get-categories';
import { HERO_SLIDES } from '@/features/home/content';
import { productPagesQueryOptions } from '@/features/products/api/get-products';
import { productQueryOptions } from '@/features/products/api/get-product';
import { parseAllProductsSearch, toProductListParams } from '@/features/products/all-products-search';

/**
 * The first page renders only once the first auth state is known (AuthGate), which waits for the
 * Firebase client. The public data that page shows does not depend on who is signed in, so it is
 * requested now, in parallel, and the pages find it in the cache. The product image (the page's
 * largest paint) and the home page's first hero slide are requested as soon as their URLs are known
 * rather than when the page renders.
 */
export function prefetchFirstPage(
  queryClient: QueryClient,
  location: Pick<Location, 'pathname' | 'search'>,
): void {
  const ignore = () => {};
  // The layout's footer lists the categories on every page.
  queryClient.prefetchQuery(categoriesQueryOptions()).catch(ignore);

  const hero = HERO_SLIDES[0]?.image;
  if (location.pathname === paths.home.path && hero) preload(hero, { as: 'image', fetchPriority: 'high' });

  const product = matchPath(paths.product.path, location.pathname);
  if (product?.params.id) {
    const options = productQueryOptions(product.params.id);
    queryClient
      .prefetchQuery(options)
      .then(() => {
        const image = queryClient.getQueryData(options.queryKey)?.image;
        // An upload's preload offers every width with the page's `sizes`, as its <picture> does (AVIF; a
        // browser without it skips the preload by its type): a bare URL would fetch the widest file on a
        // phone that then shows a narrower one (both downloaded).
        const srcset = image ? imageSrcset(image, 'avif') : undefined;
        if (image)
          preload(image, {
            as: 'image',
            fetchPriority: 'high',
            ...(srcset
              ? { imageSrcSet: srcset, imageSizes: IMAGE_SIZES.productPage, type: IMAGE_FORMATS.avif }
              : {}),
          });
      })
      .catch(ignore);
    return;
  }
  if (matchPath(paths.allProducts.path, location.pathname)) {
    const params = toProductListParams(parseAllProductsSearch(new URLSearchParams(location.search)));
    queryClient.prefetchInfiniteQuery(productPagesQueryOptions(params)).catch(ignore);
  }
}
