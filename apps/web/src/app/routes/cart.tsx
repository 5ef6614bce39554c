import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ShoppingCart } from 'lucide-react';
import { EmptyState } from '@/components/feedback/empty-state';
import { ErrorState } from '@/components/feedback/error-state';
import { PageSpinner } from '@/components/feedback/spinner';
import { CheckboxLabel } from '@/components/form/checkbox-label';
import { TitledPage } from '@/components/layout/page-section';
import { CART_MESSAGES } from '@/config/messages';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/auth-context';
import { useChangedOrders } from '@/features/orders/seen-orders';
import { useOrderActions } from '@/features/orders/use-order-actions';
import { useCart } from '@/features/purchases/api/get-cart';
import { purchaseKeys } from '@/features/purchases/api/keys';
import { CartOrders } from './cart.orders';
import { useCartRemoval } from './cart.removal';
import { PAGE_HEADS } from './page-heads';

export function Component() {
  const { user } = useAuth();
  const email = user?.email ?? '';
  const queryClient = useQueryClient();
  const [withCancelled, setWithCancelled] = useState(false);
  const cart = useCart(email, withCancelled);
  const orders = useOrderActions('buyer', () =>
    queryClient.invalidateQueries({ queryKey: purchaseKeys.carts() }),
  );
  const { onRemove, removingId } = useCartRemoval(email);

  const changed = useChangedOrders(email, cart.data);
  const items = cart.data ?? [];

  return (
    <TitledPage
      head={PAGE_HEADS.cart}
      extra={
        <CheckboxLabel
          className="label mt-3 cursor-pointer gap-2 text-sm text-base-content"
          checked={withCancelled}
          onChange={setWithCancelled}
        >
          Show cancelled orders
        </CheckboxLabel>
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
        <CartOrders
          items={items}
          changed={changed}
          orders={orders}
          onRemove={(item) => void onRemove(item)}
          removingId={removingId}
        />
      )}
    </TitledPage>
  );
}
