import { PURCHASE_MESSAGES, unitPriceFor, type Product, type PurchaseResult } from '@bulkwise/contracts';
import { CircleAlert, ShoppingCart } from 'lucide-react';
import { useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { BusyButton } from '@/components/form/busy-button';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { confirmDialog, errorDialog, successDialog } from '@/lib/dialogs';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { usePurchaseProduct } from '../api/purchase-product';
import { PurchaseDialog, type ShippingDetails } from './purchase-dialog';
import { canOrder, checkPurchaseQuantity, quantityTotal } from './purchase-quantity';
import { PurchaseQuantitySelector } from './purchase-quantity-selector';
import { VolumePricing } from './volume-pricing';

type PurchasableProduct = Pick<
  Product,
  '_id' | 'name' | 'price' | 'priceTiers' | 'mainQuantity' | 'minSellingQuantity'
>;
type StockFigures = Pick<Product, 'mainQuantity' | 'minSellingQuantity'>;

interface PurchasePanelProps {
  product: PurchasableProduct;
  /** A signed-in user may buy; a visitor is asked to log in. The server takes the buyer from the token. */
  signedIn: boolean;
  /** Re-reads the product, so Buy Now checks against the current stock rather than the page's copy. */
  refreshProduct?: () => Promise<StockFigures>;
  onPurchased: (result: PurchaseResult) => void;
  /** A purchase failed: the page's stock may be out of date. */
  onPurchaseFailed?: () => void;
  /** The terms that apply to this order (trade on account), shown in the dialog. */
  paymentNote?: string;
}

/** The server's current unit price when it refused the one the buyer saw. */
function priceChangedTo(error: unknown): number | undefined {
  if (!(error instanceof ApiError) || error.code !== 'PRICE_CHANGED') return undefined;
  const unitPrice = (error.body as { unitPrice?: unknown } | undefined)?.unitPrice;
  return typeof unitPrice === 'number' ? unitPrice : undefined;
}

/** An answer that will not change if the same request is sent again. */
const isFinal = (error: unknown) => error instanceof ApiError && error.status >= 400 && error.status < 500;

/** The quantity selector, the total and Buy Now with its whole flow (spec sections 2, 5, 6 and 8). */
export function PurchasePanel({
  product,
  signedIn,
  refreshProduct,
  onPurchased,
  onPurchaseFailed,
  paymentNote,
}: PurchasePanelProps) {
  const min = product.minSellingQuantity;
  const stock = product.mainQuantity;
  const [quantity, setQuantity] = useState(min);
  const [checking, setChecking] = useState(false);
  const [dialogOpen, setDialogOpen] = useState(false);
  /** The server refused the shown price (409 PRICE_CHANGED): its price, until the buyer confirms or leaves. */
  const [changedPrice, setChangedPrice] = useState<number | null>(null);
  const navigate = useNavigate();
  const location = useLocation();
  const purchase = usePurchaseProduct();
  /*
   * One key per attempt. It is kept when an attempt ends without a definite answer (network error,
   * 5xx): the purchase may have gone through, and resending the same key can then never buy twice.
   */
  const attempt = useRef<{ key: string; quantity: number } | null>(null);

  const orderable = canOrder(min, stock);
  const unitPrice = changedPrice ?? unitPriceFor(product, quantity);

  const selectQuantity = (next: number) => {
    setChangedPrice(null);
    setQuantity(next);
  };
  const closeDialog = () => {
    setChangedPrice(null);
    setDialogOpen(false);
  };

  async function askToLogIn() {
    const logIn = await confirmDialog({
      title: PURCHASE_MESSAGES.authRequiredTitle,
      text: PURCHASE_MESSAGES.authRequiredText,
      confirmText: 'Log In',
      cancelText: 'Cancel',
      icon: 'info',
      tone: 'primary',
    });
    if (logIn)
      await navigate(paths.login.getHref(), { state: { from: location.pathname + location.search } });
  }

  async function buyNow() {
    if (checking || purchase.isPending) return;
    if (!signedIn) return askToLogIn();

    let latest: StockFigures = product;
    if (refreshProduct) {
      setChecking(true);
      try {
        latest = await refreshProduct();
      } catch {
        // The page's figures stand in; the server checks again when the purchase is sent.
      } finally {
        setChecking(false);
      }
    }
    const problem = checkPurchaseQuantity(quantity, latest.minSellingQuantity, latest.mainQuantity);
    if (problem) {
      if (problem.kind === 'above-stock') selectQuantity(problem.max);
      await errorDialog(PURCHASE_MESSAGES.invalidQuantityTitle, problem.message);
      return;
    }
    setDialogOpen(true);
  }

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
      setQuantity(min);
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
        setChangedPrice(current);
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

  return (
    <div className="flex flex-col gap-4 rounded-2xl border border-base-300 bg-base-200/50 p-5">
      <VolumePricing product={product} quantity={quantity} />
      {orderable ? (
        <PurchaseQuantitySelector
          value={quantity}
          min={min}
          max={stock}
          pricing={product}
          onChange={selectQuantity}
        />
      ) : (
        <p
          role="status"
          className="alert border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
        >
          <CircleAlert className="size-5" aria-hidden="true" />
          This product cannot currently be ordered: only {stock} units are in stock, below the minimum order
          of {min} units.
        </p>
      )}
      <BusyButton
        className="btn btn-primary btn-lg"
        // Stays enabled while checking, so focus is not lost to the page; buyNow ignores repeats.
        busy={checking}
        disableWhileBusy={false}
        disabled={!orderable}
        icon={<ShoppingCart className="size-5" aria-hidden="true" />}
        onClick={() => void buyNow()}
      >
        Buy Now
      </BusyButton>
      <PurchaseDialog
        open={dialogOpen}
        productName={product.name}
        quantity={quantity}
        unitPrice={unitPrice}
        total={quantityTotal(quantity, unitPrice)}
        priceChanged={changedPrice !== null}
        pending={purchase.isPending}
        paymentNote={paymentNote}
        onSubmit={(details) => void confirm(details)}
        onClose={() => {
          if (!purchase.isPending) closeDialog();
        }}
      />
    </div>
  );
}
