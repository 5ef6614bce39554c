import type { Product } from '@bulkwise/contracts';
import { ArrowRight, Star } from 'lucide-react';
import { Link } from 'react-router';
import { CARD_GRID_SIZES, ImageWithFallback } from '@/components/ui/image-with-fallback';
import { FromPrice, formatPrice } from '@/components/ui/price';
import { formatRating } from '@/components/ui/rating-stars';
import { paths } from '@/config/paths';
import { HighlightedText } from '../search/highlighted-text';

export function ProductRating({ rating }: { rating: number }) {
  return (
    <span className="inline-flex items-center gap-1 text-sm font-semibold">
      <Star className="size-4 fill-amber-400 text-amber-400" aria-hidden="true" />
      <span className="sr-only">Rating:</span>
      {formatRating(rating)}
    </span>
  );
}

interface ProductCardProps {
  product: Product;
  /** A search whose matching words the name emphasises. */
  highlight?: string;
  /** The first cards of a list are above the fold: their images load at once, the first one first. */
  priority?: 'high' | 'eager';
}

export function ProductCard({ product, highlight = '', priority }: ProductCardProps) {
  const headingId = `product-${product._id}`;
  return (
    <article
      aria-labelledby={headingId}
      data-testid="product-card"
      className="card h-full overflow-hidden border border-base-300 bg-base-100 shadow-sm transition-shadow hover:shadow-lg"
    >
      <figure className="aspect-[4/3] bg-base-200">
        <ImageWithFallback
          src={product.image}
          alt={product.name}
          // One column on phones, two from md, three from lg in a 1280 px page.
          sizes={CARD_GRID_SIZES}
          width={800}
          height={600}
          priority={priority}
          className="h-full w-full object-cover"
        />
      </figure>
      <div className="card-body gap-3 p-5">
        <div className="flex items-center justify-between gap-2">
          <span className="badge badge-ghost max-w-[75%] truncate text-xs">{product.category}</span>
          <ProductRating rating={product.rating} />
        </div>
        <div>
          <h2 id={headingId} className="card-title text-lg leading-snug wrap-anywhere">
            <HighlightedText text={product.name} q={highlight} />
          </h2>
          <p className="text-sm text-base-content/70">
            Brand: <span className="font-medium text-base-content">{product.brandName}</span>
          </p>
        </div>
        <ProductFigures product={product} />
        <div className="card-actions mt-auto">
          <Link
            to={paths.product.getHref(product._id)}
            className="btn btn-primary btn-block"
            aria-describedby={headingId}
          >
            Details
            <ArrowRight className="size-4" aria-hidden="true" />
          </Link>
        </div>
      </div>
    </article>
  );
}

/** Price (with the volume price it falls to), stock and minimum order. */
function ProductFigures({ product }: { product: Product }) {
  return (
    <dl className="grid grid-cols-3 gap-2 rounded-box bg-base-200 p-3 text-center text-sm">
      <div>
        <dt className="text-xs text-base-content/70">Price</dt>
        <dd className="font-bold text-primary dark:text-indigo-300">
          <span data-testid="product-price">{formatPrice(product.price)}</span>
          <FromPrice product={product} className="block" />
        </dd>
      </div>
      <div>
        <dt className="text-xs text-base-content/70">Available</dt>
        <dd className="font-semibold" data-testid="product-available">
          {product.mainQuantity}
        </dd>
      </div>
      <div>
        <dt className="text-xs text-base-content/70">Min Order</dt>
        <dd className="font-semibold" data-testid="product-min-order">
          {product.minSellingQuantity}
        </dd>
      </div>
    </dl>
  );
}
