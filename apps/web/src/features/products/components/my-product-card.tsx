import { formatCount, type OwnProduct } from '@bulkwise/contracts';
import { Pencil, Star } from 'lucide-react';
import { Link } from 'react-router';
import { DeleteButton } from '@/components/form/delete-button';
import { Fact } from '@/components/ui/fact';
import { ImageCard } from '@/components/ui/image-card';
import { FromPrice, formatPrice } from '@/components/ui/price';
import { formatRating } from '@/components/ui/rating-stars';
import { paths } from '@/config/paths';

interface MyProductCardProps {
  product: OwnProduct;
  onDelete: (product: OwnProduct) => void;
  deleting?: boolean;
}

/** One product on the owner's shelf, with Update and Delete. */
export function MyProductCard({ product, onDelete, deleting = false }: MyProductCardProps) {
  const titleId = `my-product-${product._id}`;
  return (
    <ImageCard titleId={titleId} image={product.image} alt={product.name} aspect="aspect-[4/3]" lift="md">
      <div className="card-body gap-3 p-5">
        <div>
          <span className="badge badge-outline badge-sm max-w-full truncate">{product.category}</span>
          <h2 id={titleId} className="card-title mt-2 text-lg leading-snug break-words">
            {product.name}
          </h2>
          <p className="text-sm text-base-content/70">{product.brandName}</p>
        </div>

        <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
          <div>
            <dt className="text-base-content/70">Price</dt>
            <dd className="text-base font-semibold text-primary dark:text-indigo-300">
              {formatPrice(product.price)} <FromPrice product={product} />
            </dd>
          </div>
          <div>
            <dt className="text-base-content/70">Rating</dt>
            <dd className="flex items-center gap-1 font-medium">
              <Star className="size-4 fill-amber-400 text-amber-400" aria-hidden="true" />
              {formatRating(product.rating)}
            </dd>
          </div>
          <Fact term="Stock">{formatCount(product.mainQuantity)} units</Fact>
          <Fact term="Minimum order">{formatCount(product.minSellingQuantity)} units</Fact>
        </dl>

        <div className="card-actions mt-auto grid grid-cols-2 gap-2 pt-2">
          <Link
            to={paths.updateProduct.getHref(product._id)}
            className="btn btn-primary btn-sm"
            aria-label={`Update ${product.name}`}
          >
            <Pencil className="size-4" aria-hidden="true" />
            Update
          </Link>
          <DeleteButton
            label="Delete"
            name={`Delete ${product.name}`}
            busy={deleting}
            onClick={() => onDelete(product)}
          />
        </div>
      </div>
    </ImageCard>
  );
}
