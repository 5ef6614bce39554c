import type { Category } from '@bulkwise/contracts';
import { ArrowRight, Flame, Package } from 'lucide-react';
import { Link } from 'react-router';
import { ImageCard } from '@/components/ui/image-card';
import { paths } from '@/config/paths';

export function CategoryCard({ category }: { category: Category }) {
  const headingId = `category-${category._id}`;
  const count = category.productCount ?? 0;
  return (
    <ImageCard
      titleId={headingId}
      image={category.image}
      alt={category.name}
      aspect="aspect-[16/9]"
      overlay={
        category.popular && (
          <span className="badge absolute top-3 right-3 gap-1 border-0 bg-red-600 font-semibold text-white shadow">
            <Flame className="size-3.5" aria-hidden="true" />
            Popular
          </span>
        )
      }
    >
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
        {category.subcategories.length > 0 && <PopularItems category={category} />}
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
    </ImageCard>
  );
}

/** The category's subcategories, as badges. */
function PopularItems({ category }: { category: Pick<Category, 'name' | 'subcategories'> }) {
  return (
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
  );
}
