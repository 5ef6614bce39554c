import type { Product } from '@bulkwise/contracts';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { ErrorState } from '@/components/feedback/error-state';
import { PageSpinner } from '@/components/feedback/spinner';
import { BusyButton } from '@/components/form/busy-button';
import type { ProductView } from '../all-products-search';
import type { ProductPage } from '../api/get-products';
import { ProductCard } from './product-card';
import { ProductTable } from './product-table';

/** `highlight`: a search whose matching words the card names emphasise. */
export function ProductGrid({ products, highlight }: { products: readonly Product[]; highlight?: string }) {
  return (
    <ul className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
      {products.map((product, index) => (
        <li key={product._id}>
          <ProductCard
            product={product}
            highlight={highlight}
            priority={index === 0 ? 'high' : index < 3 ? 'eager' : undefined}
          />
        </li>
      ))}
    </ul>
  );
}

interface ProductResultsProps {
  query: UseInfiniteQueryResult<InfiniteData<ProductPage, unknown>>;
  view?: ProductView;
  /** Shown when the first page is empty. */
  empty: ReactNode;
  errorMessage: string;
  highlight?: string;
}

/** The states of a paged product list: spinner, error, empty, then the products and 'Load more'. */
export function ProductResults({
  query,
  view = 'card',
  empty,
  errorMessage,
  highlight,
}: ProductResultsProps) {
  if (query.isPending) return <PageSpinner />;
  if (!query.data) return <ErrorState message={errorMessage} />;

  const products = query.data.pages.flatMap((page) => page.items);
  if (products.length === 0) return <>{empty}</>;
  const total = Math.max(query.data.pages.at(-1)?.total ?? 0, products.length);

  return (
    <div className="flex flex-col gap-8">
      {view === 'table' ? (
        <ProductTable products={products} />
      ) : (
        <ProductGrid products={products} highlight={highlight} />
      )}
      <div className="flex flex-col items-center gap-3">
        <p className="text-sm text-base-content/70" aria-live="polite" data-testid="showing-count">
          Showing {products.length} of {total} products
        </p>
        {query.isFetchNextPageError && (
          <p role="alert" className="flex items-center gap-2 text-sm text-red-700 dark:text-red-400">
            <TriangleAlert className="size-4" aria-hidden="true" />
            {errorMessage}
          </p>
        )}
        {query.hasNextPage && (
          <BusyButton
            className="btn btn-outline min-w-40"
            busy={query.isFetchingNextPage}
            busyLabel="Loading..."
            onClick={() => void query.fetchNextPage()}
          >
            Load more
          </BusyButton>
        )}
      </div>
    </div>
  );
}
