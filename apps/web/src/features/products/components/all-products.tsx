import { MIN_ORDER_FILTER_THRESHOLD } from '@bulkwise/contracts';
import { SearchX, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '@/components/feedback/empty-state';
import { PRODUCT_MESSAGES } from '@/config/messages';
import {
  parseAllProductsSearch,
  toAllProductsSearch,
  toProductListParams,
  type AllProductsState,
} from '../all-products-search';
import { useProductPages } from '../api/get-products';
import { ProductResults } from './product-results';
import { ProductsToolbar } from './products-toolbar';

/** The All Products page: search and toolbar state in the URL, search, filter and sort on the server, paged. */
export function AllProducts() {
  const [searchParams, setSearchParams] = useSearchParams();
  const state = parseAllProductsSearch(searchParams);
  const query = useProductPages(toProductListParams(state));

  // Every change is a history entry: Back and Forward walk through searches, views, sorts and filters.
  const update = (next: AllProductsState) =>
    setSearchParams((current) => toAllProductsSearch(next, current), { preventScrollReset: true });
  const clearSearch = (
    <button type="button" className="btn btn-outline btn-sm" onClick={() => update({ ...state, q: '' })}>
      <X className="size-4" aria-hidden="true" />
      Clear search
    </button>
  );

  return (
    <section className="mx-auto flex max-w-7xl flex-col gap-8 px-4 py-12">
      <header className="text-center">
        <h1 className="text-3xl font-bold sm:text-4xl">All Products</h1>
        <p className="mt-3 text-base-content/70">
          Browse wholesale stock from every supplier on the marketplace
        </p>
      </header>
      <ProductsToolbar state={state} onChange={update} />
      {state.q && <SearchSummary q={state.q} total={query.data?.pages[0]?.total} action={clearSearch} />}
      <ProductResults
        query={query}
        view={state.view}
        empty={<NoResults state={state} update={update} clearSearch={clearSearch} />}
        errorMessage={PRODUCT_MESSAGES.loadFailed}
        highlight={state.q}
      />
    </section>
  );
}

function SearchSummary({ q, total, action }: { q: string; total: number | undefined; action: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <div>
        <h2 className="text-xl font-semibold break-all">Results for "{q}"</h2>
        {total !== undefined && (
          <p className="text-sm text-base-content/70" data-testid="search-count">
            {total} {total === 1 ? 'product' : 'products'}
          </p>
        )}
      </div>
      {action}
    </div>
  );
}

/** Why the list is empty, with the way out: clear the search, or show the products the filter hides. */
function NoResults({
  state,
  update,
  clearSearch,
}: {
  state: AllProductsState;
  update: (next: AllProductsState) => void;
  clearSearch: ReactNode;
}) {
  return state.q ? (
    <EmptyState
      icon={<SearchX className="size-8" aria-hidden="true" />}
      title={`No products match "${state.q}"`}
      message="Check the spelling, or try fewer or shorter words."
      action={clearSearch}
    />
  ) : state.availableOnly ? (
    <EmptyState
      icon={<SearchX className="size-8" aria-hidden="true" />}
      title={PRODUCT_MESSAGES.noneMatchFilter}
      message={PRODUCT_MESSAGES.noneMatchFilterDetail(MIN_ORDER_FILTER_THRESHOLD)}
      action={
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => update({ ...state, availableOnly: false })}
        >
          Show All Products
        </button>
      }
    />
  ) : (
    <EmptyState title={PRODUCT_MESSAGES.noneAvailable} />
  );
}
