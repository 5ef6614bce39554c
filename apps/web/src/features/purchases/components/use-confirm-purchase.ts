import { PURCHASE_MESSAGES, type Product, type PurchaseResult } from '@bulkwise/contracts';
import { useRef } from 'react';
import { ApiError } from '@/lib/api-client';
import { errorDialog, successDialog } from '@/lib/dialogs';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { usePurchaseProduct } from '../api/purchase-product';
import type { ShippingDetails } from './shipping-form';

interface ConfirmOptions {
  product: Pick<Product, '_id' | 'name'>;
  signedIn: boolean;
  quantity: number;
  /** The unit price the buyer saw, sent so the server refuses another one. */
  unitPrice: number;
  onPurchased: (result: PurchaseResult) => void;
  onPurchaseFailed?: () => void;
  closeDialog: () => void;
  /** Back to the minimum order after a purchase. */
  resetQuantity: () => void;
  /** The server's price, shown in the open dialog for the buyer to confirm. */
  showChangedPrice: (unitPrice: number) => void;
}

/** The server's current unit price when it refused the one the buyer saw. */
function priceChangedTo(error: unknown): number | undefined {
  if (!(error instanceof ApiError) || error.code !== 'PRICE_CHANGED') return undefined;
  const unitPrice = (error.body as { unitPrice?: unknown } | undefined)?.unitPrice;
  return typeof unitPrice === 'number' ? unitPrice : undefined;
}

/** An answer that will not change if the same request is sent again. */
const isFinal = (error: unknown) => error instanceof ApiError && error.status >= 400 && error.status < 500;

/** The dialog's Confirm: sends the purchase once per attempt and tells the buyer how it went. */
export function useConfirmPurchase(options: ConfirmOptions) {
  const { product, signedIn, quantity, unitPrice, onPurchased, onPurchaseFailed, closeDialog } = options;
  const purchase = usePurchaseProduct();
  /*
   * One key per attempt. It is kept when an attempt ends without a definite answer (network error,
   * 5xx): the purchase may have gone through, and resending the same key can then never buy twice.
   */
  const attempt = useRef<{ key: string; quantity: number } | null>(null);

  async function confirm(details: ShippingDetails) {
    if (!signedIn) return;
    if (attempt.current?.quantity !== quantity) attempt.current = { key: newIdempotencyKey(), quantity };
    try {
      const result = await purchase.mutateAsync({
        productId: product._id,
        quantity,
        address: details.address,
        phone: details.phone,
        idempotencyKey: attempt.current.key,
        expectedUnitPrice: unitPrice,
        ...(details.poNumber ? { poNumber: details.poNumber } : {}),
      });
      attempt.current = null;
      closeDialog();
      options.resetQuantity();
      onPurchased(result);
      await successDialog(
        'Purchase Successful!',
        `${quantity} units of ${product.name} were added to your cart.`,
      );
    } catch (error) {
      if (isFinal(error)) attempt.current = null;
      const current = priceChangedTo(error);
      if (current !== undefined) {
        // Nothing was bought: the dialog stays open with the new price for the buyer to confirm again.
        options.showChangedPrice(current);
        onPurchaseFailed?.();
        return;
      }
      // SweetAlert2 cannot show above a modal <dialog> (the top layer), so the form closes first.
      closeDialog();
      onPurchaseFailed?.();
      const message = error instanceof Error && error.message ? error.message : PURCHASE_MESSAGES.failed;
      await errorDialog(PURCHASE_MESSAGES.failedTitle, message);
    }
  }

  return { confirm, pending: purchase.isPending };
}
