import { ProductSchema, type Product } from '@bulkwise/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { productKeys } from './keys';

/** GET /api/products/:id: public. */
export function getProduct(id: string, signal?: AbortSignal): Promise<Product> {
  return api.get(`/products/${encodeURIComponent(id)}`, ProductSchema, { auth: false, signal });
}

export const productQueryOptions = (id: string) =>
  queryOptions({ queryKey: productKeys.detail(id), queryFn: ({ signal }) => getProduct(id, signal) });

export const useProduct = (id: string) => useQuery(productQueryOptions(id));
