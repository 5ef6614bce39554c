import type { Category } from '@bulkwise/contracts';
import { ArrowRight, Flame, Package } from 'lucide-react';
import { Link } from 'react-router';
import { ImageWithFallback } from '@/components/ui/image-with-fallback';
import { paths } from '@/config/paths';

export function CategoryCard({ category }: { category: Category }) {
  const headingId = `category-${category._id}`;
  const count = category.productCount ?? 0;
  return (
    <article
      aria-labelledby={headingId}
      className="card h-full overflow-hidden border border-base-300 bg-base-100 shadow-sm transition-shadow hover:shadow-lg"
    >
      <figure className="relative aspect-[16/9] bg-base-200">
        <ImageWithFallback src={category.image} alt={category.name} className="h-full w-full object-cover" />
        {category.popular && (
          <span className="badge absolute top-3 right-3 gap-1 border-0 bg-red-600 font-semibold text-white shadow">
            <Flame className="size-3.5" aria-hidden="true" />
            Popular
          </span>
        )}
      </figure>
      <div className="card-body gap-3">
        <div className="flex items-start justify-between gap-3">
          <h2 id={headingId} className="card-title text-xl">
            {category.name}
          </h2>
          <span className="badge badge-ghost shrink-0 gap-1" data-testid="product-count">
            <Package className="size-3.5" aria-hidden="true" />
            {count} {count === 1 ? 'product' : 'products'}
          </span>
        </div>
        {/* Wrapped: as a flex item the clamped paragraph could grow past its two lines. */}
        <div>
          <p className="line-clamp-2 text-base-content/70">{category.description}</p>
        </div>
        {category.subcategories.length > 0 && (
          <div>
            <h3 className="mb-2 text-xs font-bold tracking-wider text-base-content/60">POPULAR ITEMS</h3>
            <ul className="flex flex-wrap gap-2" aria-label={`Popular items in ${category.name}`}>
              {category.subcategories.map((sub) => (
                <li key={sub} className="badge badge-outline">
                  {sub}
                </li>
              ))}
            </ul>
          </div>
        )}
        <div className="card-actions mt-auto pt-2">
          <Link
            to={paths.category.getHref(category._id)}
            className="btn btn-primary btn-block"
            aria-label={`VIEW PRODUCTS: ${category.name}`}
          >
            VIEW PRODUCTS
            <ArrowRight className="size-4" aria-hidden="true" />
          </Link>
        </div>
      </div>
    </article>
  );
}
