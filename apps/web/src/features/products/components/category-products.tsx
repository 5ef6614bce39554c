import { EmptyState } from '@/components/feedback/empty-state';
import { PRODUCT_MESSAGES } from '@/config/messages';
import { useCategoryProducts } from '../api/get-category-products';
import { ProductResults } from './product-results';

interface CategoryProductsProps {
  slug: string;
  name: string;
}

/** A category's product grid, with the spec's fallback to a client-side match on the name. */
export function CategoryProducts({ slug, name }: CategoryProductsProps) {
  const query = useCategoryProducts(slug, name);
  return (
    <ProductResults
      query={query}
      empty={
        <EmptyState
          title={PRODUCT_MESSAGES.noneAvailable}
          message={`There are no products in ${name} yet.`}
        />
      }
      errorMessage={query.error?.message || PRODUCT_MESSAGES.loadDataFailed}
    />
  );
}
