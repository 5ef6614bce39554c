import { NEXT_CURSOR_HEADER, ProductListSchema, TOTAL_COUNT_HEADER, type Product } from '@bulkwise/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { productKeys } from './keys';
import type { ProductListParams } from './product-list-params';

/** Small pages keep the first paint fast however large the catalogue is. */
export const PRODUCT_PAGE_SIZE = 24;

export interface ProductPage {
  items: Product[];
  /** Every product matching the query, across all pages (x-total-count). */
  total: number;
  /** Pass back as `cursor` for the next page; null on the last page. */
  nextCursor: string | null;
}

export function productListSearch(params: ProductListParams, cursor?: string | null): string {
  const search = new URLSearchParams();
  if (params.category) search.set('category', params.category);
  if (params.q) search.set('q', params.q);
  if (params.minOrderOver !== undefined) search.set('minOrderOver', String(params.minOrderOver));
  if (params.sort) search.set('sort', params.sort);
  if (params.limit !== undefined) search.set('limit', String(params.limit));
  if (cursor) search.set('cursor', cursor);
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** One page of GET /api/products: the body is the array, the paging state travels in headers. */
export async function getProductPage(
  params: ProductListParams,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<ProductPage> {
  const response = await apiRequest(`/products${productListSearch(params, cursor)}`, ProductListSchema, {
    auth: false,
    signal,
  });
  const total = Number(response.headers.get(TOTAL_COUNT_HEADER));
  return {
    items: response.data,
    total: Number.isFinite(total) && response.headers.has(TOTAL_COUNT_HEADER) ? total : response.data.length,
    nextCursor: response.headers.get(NEXT_CURSOR_HEADER) || null,
  };
}

export const productPagesQueryOptions = (params: ProductListParams) => {
  const withLimit = { ...params, limit: params.limit ?? PRODUCT_PAGE_SIZE };
  return infiniteQueryOptions({
    queryKey: productKeys.pages(withLimit),
    queryFn: ({ pageParam, signal }) => getProductPage(withLimit, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
};

export const useProductPages = (params: ProductListParams) =>
  useInfiniteQuery(productPagesQueryOptions(params));
