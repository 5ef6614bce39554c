import { useParams } from 'react-router';
import { ErrorState } from '@/components/feedback/error-state';
import { PageSpinner } from '@/components/feedback/spinner';
import { PRODUCT_MESSAGES } from '@/config/messages';
import { useCategory } from '@/features/categories/api/get-category';
import { CategoryHeader } from '@/features/categories/components/category-header';
import { useCategoryProducts } from '@/features/products/api/get-category-products';
import { CategoryProducts } from '@/features/products/components/category-products';
import { usePageTitle } from '@/lib/page-title';

/** Composes the category header (categories) with the category's product grid (products). */
export function Component() {
  const { id = '' } = useParams();
  const category = useCategory(id);
  const slug = category.data?.slug ?? '';
  const name = category.data?.name ?? '';
  // Shares its cache with the grid below: read here only for the header's count.
  const products = useCategoryProducts(slug, name, category.isSuccess);
  usePageTitle(category.data?.name ?? 'Category');

  if (category.isPending) return <PageSpinner />;
  if (category.isError)
    return <ErrorState message={category.error.message || PRODUCT_MESSAGES.loadDataFailed} />;

  const lastPage = products.data?.pages.at(-1);
  const loaded = products.data?.pages.reduce((n, page) => n + page.items.length, 0);
  const count = lastPage && loaded !== undefined ? Math.max(lastPage.total, loaded) : undefined;

  return (
    <section className="mx-auto flex max-w-7xl flex-col gap-10 px-4 py-10">
      <CategoryHeader category={category.data} productCount={count} />
      <CategoryProducts slug={slug} name={name} />
    </section>
  );
}
