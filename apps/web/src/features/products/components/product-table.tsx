import type { Product } from '@bulkwise/contracts';
import { Link } from 'react-router';
import { Thumbnail } from '@/components/ui/image-with-fallback';
import { FromPrice, formatPrice } from '@/components/ui/price';
import { paths } from '@/config/paths';
import { ProductRating } from './product-card';
import { PRODUCT_TABLE_COLUMNS } from './product-table-columns';

/*
 * Below the md breakpoint each row stacks into a card and every cell shows its column name
 * (data-label), so nothing scrolls sideways on a phone.
 */
const cell = 'max-md:flex max-md:items-center max-md:justify-between max-md:gap-4 max-md:px-0 max-md:py-1.5';
const labelled = `${cell} max-md:before:text-sm max-md:before:font-semibold max-md:before:text-base-content/70 max-md:before:content-[attr(data-label)]`;

export function ProductTable({ products }: { products: readonly Product[] }) {
  return (
    <div className="rounded-box md:overflow-x-auto md:border md:border-base-300 md:bg-base-100">
      <table className="table max-md:block">
        <thead className="max-md:sr-only">
          <tr>
            {PRODUCT_TABLE_COLUMNS.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="max-md:grid max-md:gap-4">
          {products.map((product) => (
            <ProductRow key={product._id} product={product} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** One product: image, name and SKU, category and brand, rating, price, stock, minimum and Details. */
function ProductRow({ product }: { product: Product }) {
  return (
    <tr
      data-testid="product-row"
      className="hover:bg-base-200/50 max-md:block max-md:rounded-box max-md:border max-md:border-base-300 max-md:bg-base-100 max-md:p-4"
    >
      <td className={`${cell} max-md:mb-2`}>
        <div className="flex items-center gap-3">
          <Thumbnail
            src={product.image}
            alt={product.name}
            size={56}
            className="size-14 shrink-0 rounded-lg bg-base-200 object-cover"
          />
          {/* A long unbroken name (a pasted URL, a part number) wraps instead of widening the page. */}
          <div className="min-w-0">
            <span className="font-semibold wrap-anywhere">{product.name}</span>
            {product.sku && <div className="font-mono text-xs text-base-content/70">SKU {product.sku}</div>}
          </div>
        </div>
      </td>
      <td className={labelled} data-label="Category & Brand">
        <div className="max-md:text-right">
          <div>{product.category}</div>
          <div className="text-sm text-base-content/70">{product.brandName}</div>
        </div>
      </td>
      <td className={labelled} data-label="Rating">
        <ProductRating rating={product.rating} />
      </td>
      <td className={`${labelled} font-semibold`} data-label="Price">
        <span data-testid="product-price">{formatPrice(product.price)}</span> <FromPrice product={product} />
      </td>
      <td className={labelled} data-label="Available" data-testid="product-available">
        {product.mainQuantity}
      </td>
      <td className={labelled} data-label="Min Order" data-testid="product-min-order">
        {product.minSellingQuantity}
      </td>
      <td className={`${cell} max-md:mt-2`}>
        <Link
          to={paths.product.getHref(product._id)}
          className="btn btn-primary btn-sm max-md:btn-block"
          aria-label={`Details: ${product.name}`}
        >
          Details
        </Link>
      </td>
    </tr>
  );
}
