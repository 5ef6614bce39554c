import type { ProductSort } from '@bulkwise/contracts';

/** Server-side filter, sort and paging of GET /api/products (the All Products page keeps them in the URL). */
export interface ProductListParams {
  sort?: ProductSort;
  minOrderOver?: number;
  category?: string;
  q?: string;
  limit?: number;
}
