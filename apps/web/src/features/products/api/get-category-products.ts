import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { getProductPage, PRODUCT_PAGE_SIZE, type ProductPage } from './get-products';
import { productKeys } from './keys';

/**
 * Spec section 7: when GET /products?category={slug} answers nothing, the client fetches all
 * products and keeps those whose category name matches, ignoring case (products stored before
 * slugs existed). "All products" is the server's unpaged answer, which holds at most 500: a bounded
 * fallback instead of reading a whole catalogue for every empty category.
 */
export async function getCategoryProductPage(
  slug: string,
  name: string,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<ProductPage> {
  const page = await getProductPage({ category: slug, limit: PRODUCT_PAGE_SIZE }, cursor, signal);
  if (cursor !== null || page.items.length > 0) return page;

  const all = await getProductPage({}, null, signal);
  const wanted = name.trim().toLowerCase();
  const items = all.items.filter((product) => product.category.trim().toLowerCase() === wanted);
  return { items, total: items.length, nextCursor: null };
}

export const categoryProductsQueryOptions = (slug: string, name: string) =>
  infiniteQueryOptions({
    queryKey: productKeys.categoryPages(slug, name),
    queryFn: ({ pageParam, signal }) => getCategoryProductPage(slug, name, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export const useCategoryProducts = (slug: string, name: string, enabled = true) =>
  useInfiniteQuery({ ...categoryProductsQueryOptions(slug, name), enabled });
