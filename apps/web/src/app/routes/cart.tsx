import { type CartItem } from '@bulkwise/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { MailWarning, ShoppingCart } from 'lucide-react';
import { Link } from 'react-router';
import toast from 'react-hot-toast';
import { EmptyState } from '@/components/feedback/empty-state';
import { ErrorState } from '@/components/feedback/error-state';
import { PageSpinner } from '@/components/feedback/spinner';
import { PageSection } from '@/components/layout/page-section';
import { CART_MESSAGES } from '@/config/messages';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/auth-context';
import { OrderProgress } from '@/features/orders/components/order-progress';
import { useChangedOrders } from '@/features/orders/seen-orders';
import { useOrderActions } from '@/features/orders/use-order-actions';
import { productKeys } from '@/features/products/api/keys';
import { useCart } from '@/features/purchases/api/get-cart';
import { purchaseKeys } from '@/features/purchases/api/keys';
import { useRemoveCartItem } from '@/features/purchases/api/remove-cart-item';
import { CartItemCard } from '@/features/purchases/components/cart-item-card';
import { CartSummary } from '@/features/purchases/components/cart-summary';
import { ThreadToggle } from '@/features/threads/components/thread-toggle';
import { ApiError } from '@/lib/api-client';
import { confirmDialog, errorDialog } from '@/lib/dialogs';
import { usePageTitle } from '@/lib/page-title';

const REMOVE_FAILED_TITLE = 'Could Not Remove Item';
const REMOVED_TOAST = 'Item removed: its stock was restored';

/** The server's own words when it sent some (message or error field), else the spec's fallback. */
function removalError(err: unknown): string {
  if (err instanceof ApiError && typeof err.body === 'object' && err.body !== null) {
    const { message, error } = err.body as { message?: unknown; error?: unknown };
    const text = [message, error].find((v): v is string => typeof v === 'string' && v.trim() !== '');
    if (text) return text;
  }
  return CART_MESSAGES.removeFailed;
}

export function Component() {
  usePageTitle(CART_MESSAGES.title);
  const { user } = useAuth();
  const email = user?.email ?? '';
  const queryClient = useQueryClient();
  const [withCancelled, setWithCancelled] = useState(false);
  const cart = useCart(email, withCancelled);
  const orders = useOrderActions('buyer', () =>
    queryClient.invalidateQueries({ queryKey: purchaseKeys.carts() }),
  );
  // The restored stock must show on the product's page and in every list: all product queries.
  const remove = useRemoveCartItem(email, () => queryClient.invalidateQueries({ queryKey: productKeys.all }));

  const onRemove = async (item: CartItem) => {
    const confirmed = await confirmDialog({
      title: 'Remove this item?',
      text: `"${item.product.name}" will be removed from your cart and its ${item.quantity} units will be restored to the product's stock.`,
      confirmText: 'Yes, remove it!',
      cancelText: 'Cancel',
    });
    if (!confirmed) return;
    try {
      await remove.mutateAsync(item);
    } catch (err) {
      console.error('Removing a cart item failed', err);
      void errorDialog(REMOVE_FAILED_TITLE, removalError(err));
      return;
    }
    toast.success(REMOVED_TOAST);
  };

  const changed = useChangedOrders(email, cart.data);
  const items = cart.data ?? [];
  const standing = items.filter((item) => item.status !== 'cancelled');

  return (
    <PageSection
      id="cart-title"
      title={CART_MESSAGES.title}
      icon={ShoppingCart}
      subtitle="Your bulk purchases, newest first"
      extra={
        <label className="label mt-3 cursor-pointer gap-2 text-sm text-base-content">
          <input
            type="checkbox"
            className="checkbox checkbox-sm"
            checked={withCancelled}
            onChange={(event) => setWithCancelled(event.target.checked)}
          />
          Show cancelled orders
        </label>
      }
    >
      {cart.isPending ? (
        <PageSpinner />
      ) : cart.isError ? (
        <ErrorState message={CART_MESSAGES.loadFailed} />
      ) : items.length === 0 ? (
        <EmptyState
          title={CART_MESSAGES.empty}
          message="Products you buy in bulk will appear here."
          icon={<ShoppingCart className="size-8" aria-hidden="true" />}
          link={{ to: paths.categories.getHref(), label: 'Browse Products' }}
        />
      ) : (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)] lg:items-start">
          {items.some((item) => !item.buyer.emailVerified) && (
            <div role="note" className="alert alert-warning lg:col-span-2">
              <MailWarning className="size-5" aria-hidden="true" />
              <span>
                Your email address is not verified: suppliers see it marked as unverified, and order emails
                are not sent to it.{' '}
                <Link to={paths.settings.getHref()} className="link font-medium">
                  Verify it in Settings
                </Link>
              </span>
            </div>
          )}
          <ul className="flex flex-col gap-4" aria-label="Purchased products">
            {items.map((item) => (
              <li key={item._id}>
                <CartItemCard
                  item={item}
                  onRemove={(i) => void onRemove(i)}
                  removing={remove.isPending && remove.variables._id === item._id}
                >
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
      )}
    </PageSection>
  );
}
