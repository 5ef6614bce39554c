import { type CartItem } from '@bulkwise/contracts';
import { MailWarning } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { OrderProgress } from '@/features/orders/components/order-progress';
import type { useOrderActions } from '@/features/orders/use-order-actions';
import { CartItemCard } from '@/features/purchases/components/cart-item-card';
import { CartSummary } from '@/features/purchases/components/cart-summary';
import { ThreadToggle } from '@/features/threads/components/thread-toggle';

interface CartOrdersProps {
  items: CartItem[];
  /** The orders whose status changed since the last visit. */
  changed: ReadonlySet<string>;
  orders: ReturnType<typeof useOrderActions>;
  onRemove: (item: CartItem) => void;
  /** The line being removed, or null. */
  removingId: string | null;
}

/** My Cart's lines, each with its order's progress and thread, beside the totals of the standing ones. */
export function CartOrders({ items, changed, orders, onRemove, removingId }: CartOrdersProps) {
  const standing = items.filter((item) => item.status !== 'cancelled');
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)] lg:items-start">
      {items.some((item) => !item.buyer.emailVerified) && (
        <div role="note" className="alert alert-warning lg:col-span-2">
          <MailWarning className="size-5" aria-hidden="true" />
          <span>
            Your email address is not verified: suppliers see it marked as unverified, and order emails are
            not sent to it.{' '}
            <Link to={paths.settings.getHref()} className="link font-medium">
              Verify it in Settings
            </Link>
          </span>
        </div>
      )}
      <ul className="flex flex-col gap-4" aria-label="Purchased products">
        {items.map((item) => (
          <li key={item._id}>
            <CartItemCard item={item} onRemove={onRemove} removing={removingId === item._id}>
              <OrderProgress
                order={item}
                viewer="buyer"
                hide={['cancel']}
                onMove={(order, move) => void orders.run(order, move)}
                busy={orders.pendingId === item._id}
                changed={changed.has(item._id)}
              />
              {item.status !== 'cancelled' && <ThreadToggle subject="order" id={item._id} />}
            </CartItemCard>
          </li>
        ))}
      </ul>
      <CartSummary items={standing} />
    </div>
  );
}
