import { IMAGE_SIZES, type Product } from '@bulkwise/contracts';
import { Boxes, PackageCheck, Tag } from 'lucide-react';
import type { ReactNode } from 'react';
import { BackLink } from '@/components/ui/back-link';
import { ImageWithFallback } from '@/components/ui/image-with-fallback';
import { formatPrice } from '@/components/ui/price';
import { formatRating, RatingStars } from '@/components/ui/rating-stars';
import { paths } from '@/config/paths';

interface ProductDetailProps {
  product: Product;
  /** The purchase controls, composed in by the page. */
  purchase?: ReactNode;
}

export function ProductDetail({ product, purchase }: ProductDetailProps) {
  return (
    <article className="mx-auto max-w-7xl px-4 py-10">
      <BackLink to={paths.allProducts.getHref()} className="mb-6">
        All Products
      </BackLink>
      <div className="grid gap-10 lg:grid-cols-2">
        <figure className="overflow-hidden rounded-2xl border border-base-300 bg-base-200 lg:sticky lg:top-[calc(var(--nav-height)+1.5rem)] lg:self-start">
          <ImageWithFallback
            src={product.image}
            alt={product.name}
            // The page's largest paint: fetched first, never lazily; the size reserves its box.
            priority="high"
            sizes={IMAGE_SIZES.productPage}
            width={800}
            height={600}
            className="aspect-[4/3] w-full object-cover"
          />
        </figure>
        <div className="flex flex-col gap-5">
          <div className="flex flex-wrap items-center gap-2">
            <span className="badge badge-outline border-primary text-primary dark:border-indigo-300 dark:text-indigo-300">
              {product.category}
            </span>
          </div>
          <div>
            <h1 className="text-3xl font-bold sm:text-4xl">{product.name}</h1>
            <p className="mt-2 text-base-content/70">
              Brand: <span className="font-semibold text-base-content">{product.brandName}</span>
            </p>
            {product.sku && (
              <p className="mt-1 text-sm text-base-content/70">
                SKU: <span className="font-mono text-base-content">{product.sku}</span>
              </p>
            )}
          </div>
          <div className="flex items-center gap-2">
            <RatingStars rating={product.rating} />
            <span className="font-semibold">{formatRating(product.rating)}</span>
            <span className="text-sm text-base-content/70">out of 5</span>
          </div>
          <p className="leading-relaxed whitespace-pre-line text-base-content/80">{product.description}</p>
          <ProductFacts product={product} />
          {purchase}
        </div>
      </div>
    </article>
  );
}

/** Price, stock and minimum order, each with its icon. */
function ProductFacts({ product }: { product: Product }) {
  const facts = [
    { label: 'Price per unit', value: formatPrice(product.price), Icon: Tag, testId: 'product-price' },
    {
      label: 'Available stock',
      value: `${product.mainQuantity} units`,
      Icon: Boxes,
      testId: 'product-stock',
    },
    {
      label: 'Minimum order',
      value: `${product.minSellingQuantity} units`,
      Icon: PackageCheck,
      testId: 'product-min-order',
    },
  ];
  return (
    <dl className="grid grid-cols-3 gap-2 sm:gap-3">
      {facts.map(({ label, value, Icon, testId }) => (
        <div key={label} className="rounded-box border border-base-300 bg-base-100 p-3 sm:p-4">
          <dt className="flex items-center gap-2 text-xs text-base-content/70 sm:text-sm">
            <Icon className="hidden size-4 shrink-0 sm:block" aria-hidden="true" />
            {label}
          </dt>
          <dd className="mt-1 text-base font-bold sm:text-xl" data-testid={testId}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
