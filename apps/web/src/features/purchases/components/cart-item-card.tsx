import { formatCount, type CartItem, type OrderStatus } from '@bulkwise/contracts';
import type { ReactNode } from 'react';
import { CalendarDays } from 'lucide-react';
import { Link } from 'react-router';
import { DeleteButton } from '@/components/form/delete-button';
import { Fact } from '@/components/ui/fact';
import { ImageWithFallback } from '@/components/ui/image-with-fallback';
import { formatPrice } from '@/components/ui/price';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/dates';
import { lineTotal } from '../cart-totals';

interface CartItemCardProps {
  item: CartItem;
  onRemove: (item: CartItem) => void;
  removing?: boolean;
  /** Where the order stands (the page passes the orders feature's panel). */
  children?: ReactNode;
}

/** Why an order the supplier has acted on has no Remove button. */
const NOT_REMOVABLE: Partial<Record<OrderStatus, string>> = {
  confirmed: 'The supplier confirmed this order, so it can no longer be removed.',
  shipped: 'This order is on its way, so it can no longer be removed.',
  delivered: 'This order was delivered, so it can no longer be removed.',
};

/** One purchase: the product as it was bought, the quantity and what it cost. */
export function CartItemCard({ item, onRemove, removing = false, children }: CartItemCardProps) {
  const { product } = item;
  const titleId = `cart-item-${item._id}`;
  return (
    <article
      aria-labelledby={titleId}
      className="grid grid-cols-[5rem_1fr] gap-4 rounded-box border border-base-300 bg-base-100 p-4 shadow-sm sm:grid-cols-[7rem_1fr_auto]"
    >
      <ImageWithFallback
        src={product.image}
        alt={product.name}
        sizes="(min-width: 640px) 112px, 80px"
        className="aspect-square w-full rounded-lg bg-base-200 object-cover"
      />

      <CartItemDetails item={item} titleId={titleId}>
        {children}
      </CartItemDetails>

      <LineTotalAndRemove item={item} onRemove={onRemove} removing={removing} />
    </article>
  );
}

/** The product's name (linking to its page) and brand, when it was bought, the quantity and unit price. */
function CartItemDetails({
  item,
  titleId,
  children,
}: Pick<CartItemCardProps, 'item' | 'children'> & { titleId: string }) {
  const { product } = item;
  return (
    <div className="min-w-0">
      <h2 id={titleId} className="text-lg leading-snug font-semibold break-words">
        <Link to={paths.product.getHref(product._id)} className="link-hover">
          {product.name}
        </Link>
      </h2>
      <p className="text-sm text-base-content/70">{product.brandName}</p>
      <p className="mt-1 flex items-center gap-1 text-xs text-base-content/70">
        <CalendarDays className="size-3.5" aria-hidden="true" />
        <span>
          Purchased <time dateTime={item.purchaseDate}>{formatDateTime(item.purchaseDate)}</time>
        </span>
      </p>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:flex sm:flex-wrap sm:gap-x-6">
        <Fact term="Quantity" testId="cart-item-quantity">
          {formatCount(item.quantity)} units
        </Fact>
        <Fact term="Unit price paid" testId="cart-item-unit-price">
          {formatPrice(item.unitPrice)}
        </Fact>
      </dl>
      {children}
    </div>
  );
}

/** The line's total, and Remove while the order is only placed (or why it can no longer go). */
function LineTotalAndRemove({ item, onRemove, removing = false }: Omit<CartItemCardProps, 'children'>) {
  return (
    <div className="col-span-2 flex items-center justify-between gap-3 border-t border-base-300 pt-3 sm:col-span-1 sm:flex-col sm:items-end sm:justify-between sm:border-0 sm:pt-0">
      <p className="sm:text-right">
        <span className="block text-xs text-base-content/70">Line total</span>
        <span className="text-lg font-bold text-primary dark:text-indigo-300" data-testid="cart-item-total">
          {formatPrice(lineTotal(item))}
        </span>
      </p>
      {item.status === 'placed' ? (
        <DeleteButton
          label="Remove"
          name={`Remove ${item.product.name} from cart`}
          busy={removing}
          onClick={() => onRemove(item)}
        />
      ) : (
        NOT_REMOVABLE[item.status] && (
          <p className="max-w-48 text-xs text-base-content/70 sm:text-right">{NOT_REMOVABLE[item.status]}</p>
        )
      )}
    </div>
  );
}
