import type { Product } from '@bulkwise/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { productQueryOptions } from './get-product';
import { productKeys } from './keys';

/**
 * After a purchase: the page shows the server's new stock at once, and every other product query
 * (lists, categories) is refetched when next shown.
 */
export function applyPurchasedStock(
  queryClient: QueryClient,
  id: string,
  mainQuantity: number,
): Promise<void> {
  queryClient.setQueryData<Product>(
    productKeys.detail(id),
    (product) => product && { ...product, mainQuantity },
  );
  return queryClient.invalidateQueries({
    queryKey: productKeys.all,
    predicate: (query) => query.queryKey[1] !== 'detail' || query.queryKey[2] !== id,
  });
}

/** Reads the product again (never from cache), updating what the page shows. */
export function refetchProduct(queryClient: QueryClient, id: string): Promise<Product> {
  return queryClient.fetchQuery({ ...productQueryOptions(id), staleTime: 0 });
}
