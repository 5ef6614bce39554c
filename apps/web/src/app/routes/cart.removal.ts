import { type CartItem } from '@bulkwise/contracts';
import { useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { CART_MESSAGES } from '@/config/messages';
import { productKeys } from '@/features/products/api/keys';
import { useRemoveCartItem } from '@/features/purchases/api/remove-cart-item';
import { ApiError } from '@/lib/api-client';
import { confirmDialog, errorDialog } from '@/lib/dialogs';

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

/** Removing a cart line once confirmed: its stock goes back to the product, failures in a dialog. */
export function useCartRemoval(email: string) {
  const queryClient = useQueryClient();
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

  return { onRemove, removingId: remove.isPending ? remove.variables._id : null };
}
