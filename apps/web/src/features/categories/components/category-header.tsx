import type { Category } from '@bulkwise/contracts';
import { Package } from 'lucide-react';
import { BackLink } from '@/components/ui/back-link';
import { ImageWithFallback } from '@/components/ui/image-with-fallback';
import { paths } from '@/config/paths';

interface CategoryHeaderProps {
  category: Pick<Category, 'name' | 'image'>;
  /** Undefined while the products are still loading. */
  productCount?: number;
}

/** The category page's header: the way back, image, name and product count. */
export function CategoryHeader({ category, productCount }: CategoryHeaderProps) {
  return (
    <header className="flex flex-col gap-4">
      <BackLink to={paths.categories.getHref()} className="w-fit">
        Back to Categories
      </BackLink>
      <div className="flex flex-col gap-6 rounded-2xl border border-base-300 bg-base-200 p-4 sm:flex-row sm:items-center sm:p-6">
        <ImageWithFallback
          src={category.image}
          alt={category.name}
          priority="eager"
          className="aspect-[16/9] w-full rounded-xl object-cover shadow sm:w-72"
        />
        <div className="flex flex-col gap-2">
          <h1 className="text-3xl font-bold sm:text-4xl">{category.name}</h1>
          <p className="flex min-h-6 items-center gap-2 text-base-content/80" aria-live="polite">
            <Package className="size-4" aria-hidden="true" />
            {productCount === undefined
              ? ''
              : `${productCount} ${productCount === 1 ? 'product' : 'products'}`}
          </p>
        </div>
      </div>
    </header>
  );
}
