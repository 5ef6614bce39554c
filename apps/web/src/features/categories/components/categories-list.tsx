import { PageSpinner } from '@/components/feedback/spinner';
import { EmptyState } from '@/components/feedback/empty-state';
import { ErrorState } from '@/components/feedback/error-state';
import { CATEGORY_MESSAGES } from '@/config/messages';
import { useCategories } from '../api/get-categories';
import { CategoryCard } from './category-card';

/** The categories page: title, subtitle and every category (spec section 2). */
export function CategoriesList() {
  const { data, isPending, isError } = useCategories();

  let content;
  if (isPending) content = <PageSpinner />;
  else if (isError) content = <ErrorState message={CATEGORY_MESSAGES.loadFailed} />;
  else if (data.length === 0) content = <EmptyState title={CATEGORY_MESSAGES.empty} />;
  else {
    content = (
      <ul className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
        {data.map((category) => (
          <li key={category._id}>
            <CategoryCard category={category} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section className="mx-auto max-w-7xl px-4 py-12">
      <header className="mx-auto mb-10 max-w-3xl text-center">
        <h1 className="text-3xl font-bold sm:text-4xl">{CATEGORY_MESSAGES.title}</h1>
        <p className="mt-3 text-base-content/70">{CATEGORY_MESSAGES.subtitle}</p>
      </header>
      {content}
    </section>
  );
}
