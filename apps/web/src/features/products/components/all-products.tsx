import { PRODUCT_MESSAGES } from '@bulkwise/contracts';
import { SearchX } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '@/components/feedback/empty-state';
import {
  parseAllProductsSearch,
  toAllProductsSearch,
  toProductListParams,
  type AllProductsState,
} from '../all-products-search';
import { useProductPages } from '../api/get-products';
import { ProductResults } from './product-results';
import { ProductsToolbar } from './products-toolbar';

/** The All Products page: toolbar state in the URL, filter and sort on the server, paged. */
export function AllProducts() {
  const [searchParams, setSearchParams] = useSearchParams();
  const state = parseAllProductsSearch(searchParams);
  const query = useProductPages(toProductListParams(state));

  const update = (next: AllProductsState) =>
    setSearchParams((current) => toAllProductsSearch(next, current), { replace: true, preventScrollReset: true });

  const empty = state.availableOnly ? (
    <EmptyState
      icon={<SearchX className="size-8" aria-hidden="true" />}
      title={PRODUCT_MESSAGES.noneMatchFilter}
      message={PRODUCT_MESSAGES.noneMatchFilterDetail}
      action={
        <button type="button" className="btn btn-primary" onClick={() => update({ ...state, availableOnly: false })}>
          Show All Products
        </button>
      }
    />
  ) : (
    <EmptyState title={PRODUCT_MESSAGES.noneAvailable} />
  );

  return (
    <section className="mx-auto flex max-w-7xl flex-col gap-8 px-4 py-12">
      <header className="text-center">
        <h1 className="text-3xl font-bold sm:text-4xl">All Products</h1>
        <p className="mt-3 text-base-content/70">Browse wholesale stock from every supplier on the marketplace</p>
      </header>
      <ProductsToolbar state={state} onChange={update} />
      <ProductResults query={query} view={state.view} empty={empty} errorMessage={PRODUCT_MESSAGES.loadFailed} />
    </section>
  );
}
