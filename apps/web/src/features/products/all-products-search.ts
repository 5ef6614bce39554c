import {
  MIN_ORDER_FILTER_THRESHOLD,
  PRODUCT_SORTS,
  SearchTextSchema,
  type ProductSort,
} from '@bulkwise/contracts';
import type { ProductListParams } from './api/product-list-params';

/**
 * The All Products toolbar and search live in the URL (?q=ties&view=table&filter=available&sort=price_asc)
 * so a reload or a shared link shows the same list, and Back and Forward restore it. Defaults are left out.
 * With `q` and the default sort, the server answers in relevance order.
 */
export type ProductView = 'card' | 'table';
export type ProductSortChoice = ProductSort | 'default';

export interface AllProductsState {
  view: ProductView;
  /** Only products whose minimum order is over MIN_ORDER_FILTER_THRESHOLD. */
  availableOnly: boolean;
  sort: ProductSortChoice;
  /** The search text; '' = no search. */
  q: string;
}

export const DEFAULT_ALL_PRODUCTS_STATE: AllProductsState = {
  view: 'card',
  availableOnly: false,
  sort: 'default',
  q: '',
};

export const SORT_OPTIONS: ReadonlyArray<{ value: ProductSortChoice; label: string }> = [
  { value: 'default', label: 'Default' },
  { value: 'price_asc', label: 'Price Low to High' },
  { value: 'price_desc', label: 'Price High to Low' },
];

const isSort = (value: string | null): value is ProductSort =>
  value !== null && (PRODUCT_SORTS as readonly string[]).includes(value);

/** Unknown or malformed values fall back to the defaults instead of failing the page. */
export function parseAllProductsSearch(search: URLSearchParams): AllProductsState {
  const sort = search.get('sort');
  const q = SearchTextSchema.safeParse(search.get('q') ?? '');
  return {
    view: search.get('view') === 'table' ? 'table' : 'card',
    availableOnly: search.get('filter') === 'available',
    sort: isSort(sort) ? sort : 'default',
    q: q.success ? q.data : '',
  };
}

/** Writes `state` into a copy of `current`, keeping any parameters this page does not own. */
export function toAllProductsSearch(
  state: AllProductsState,
  current = new URLSearchParams(),
): URLSearchParams {
  const next = new URLSearchParams(current);
  const set = (key: string, value: string | null) =>
    value === null ? next.delete(key) : next.set(key, value);
  set('view', state.view === 'table' ? 'table' : null);
  set('filter', state.availableOnly ? 'available' : null);
  set('sort', state.sort === 'default' ? null : state.sort);
  set('q', state.q.trim() ? state.q.trim() : null);
  return next;
}

/** The server query for a toolbar state: the filter and the sort run on the server. */
export function toProductListParams(state: AllProductsState): ProductListParams {
  const params: ProductListParams = {};
  if (state.availableOnly) params.minOrderOver = MIN_ORDER_FILTER_THRESHOLD;
  if (state.sort !== 'default') params.sort = state.sort;
  if (state.q) params.q = state.q;
  return params;
}
