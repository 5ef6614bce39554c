import { type Category } from '@bulkwise/contracts';
import { ArrowRight, TriangleAlert } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { Spinner } from '@/components/feedback/spinner';
import { ImageWithFallback } from '@/components/ui/image-with-fallback';
import { CATEGORY_MESSAGES } from '@/config/messages';
import { paths } from '@/config/paths';
import { useCategories } from '../api/get-categories';

export const FEATURED_CATEGORY_LIMIT = 5;

function FeaturedCategoryCard({ category }: { category: Category }) {
  return (
    <Link
      to={paths.category.getHref(category._id)}
      className="group card overflow-hidden border border-base-300 bg-base-100 shadow-sm transition hover:-translate-y-1 hover:shadow-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
    >
      <figure className="aspect-[4/3] bg-base-200">
        <ImageWithFallback
          src={category.image}
          alt=""
          className="h-full w-full object-cover transition-transform duration-300 group-hover:scale-105"
        />
      </figure>
      <div className="card-body items-center gap-1 p-4 text-center">
        <h3 className="text-sm font-semibold sm:text-base">{category.name}</h3>
        <p className="text-xs text-base-content/70">{category.productCount ?? 0} products</p>
      </div>
    </Link>
  );
}

/**
 * Home's first five categories. Per spec section 8 its failure is a plain message, logged, with no
 * retry button.
 */
export function FeaturedCategories() {
  const { data, error, isPending } = useCategories();

  useEffect(() => {
    if (error) console.error(CATEGORY_MESSAGES.homeFetchFailedInternal, error);
  }, [error]);

  let content;
  if (isPending) {
    content = (
      <div className="flex justify-center py-10">
        <Spinner />
      </div>
    );
  } else if (error) {
    content = (
      <p
        role="alert"
        className="alert mx-auto max-w-md justify-center border-red-300 bg-red-50 text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200"
      >
        <TriangleAlert className="size-5" aria-hidden="true" />
        {CATEGORY_MESSAGES.homeLoadFailed}
      </p>
    );
  } else if (data.length === 0) {
    content = <p className="py-10 text-center text-base-content/70">{CATEGORY_MESSAGES.homeEmpty}</p>;
  } else {
    content = (
      <ul className="grid grid-cols-2 gap-4 md:grid-cols-3 lg:grid-cols-5">
        {data.slice(0, FEATURED_CATEGORY_LIMIT).map((category) => (
          <li key={category._id} className="flex">
            <FeaturedCategoryCard category={category} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section aria-labelledby="featured-categories-heading" className="py-16">
      <div className="mx-auto max-w-7xl px-4">
        <div className="mx-auto mb-10 max-w-2xl text-center">
          <h2 id="featured-categories-heading" className="text-3xl font-bold sm:text-4xl">
            Featured Categories
          </h2>
          <p className="mt-3 text-base-content/70">Source wholesale stock from our most popular categories</p>
        </div>
        {content}
        <div className="mt-10 text-center">
          <Link to={paths.categories.getHref()} className="btn btn-primary">
            View All Categories
            <ArrowRight className="size-4" aria-hidden="true" />
          </Link>
        </div>
      </div>
    </section>
  );
}
