import { NEXT_CURSOR_HEADER, OwnProductListSchema, type OwnProduct } from '@bulkwise/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { productKeys } from './keys';

/**
 * GET /api/products?email= with the token: the signed-in user's own products. A page holds at most
 * 500, so the cursor is followed until the whole shelf is read.
 */
export async function getMyProducts(email: string, signal?: AbortSignal): Promise<OwnProduct[]> {
  const products: OwnProduct[] = [];
  let cursor: string | null = null;
  do {
    const query = new URLSearchParams({ email });
    if (cursor) query.set('cursor', cursor);
    const page = await apiRequest(`/products?${query.toString()}`, OwnProductListSchema, { signal });
    products.push(...page.data);
    cursor = page.headers.get(NEXT_CURSOR_HEADER);
  } while (cursor);
  return products;
}

export const myProductsQueryOptions = (email: string) =>
  queryOptions({ queryKey: productKeys.mine(email), queryFn: ({ signal }) => getMyProducts(email, signal) });

export const useMyProducts = (email: string) => useQuery(myProductsQueryOptions(email));
