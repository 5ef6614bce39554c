import { CircleAlert, ShoppingCart } from 'lucide-react';
import { Suspense, lazy, useEffect, useState } from 'react';
import { BusyButton } from '@/components/form/busy-button';
import { whenIdle } from '@/lib/idle';
import { canOrder, quantityTotal } from './purchase-quantity';
import { PurchaseQuantitySelector } from './purchase-quantity-selector';
import { usePurchaseFlow, type PurchasePanelProps } from './use-purchase-flow';
import { VolumePricing } from './volume-pricing';

/*
 * The purchase dialog and its shipping form (react-hook-form) are not needed to show the product: they
 * load once the page is idle, or at Buy Now at the latest, so the page's first render waits for less
 * script. Once shown, the dialog stays mounted: the typed values survive a failed attempt.
 */
const loadPurchaseDialog = () => import('./purchase-dialog');
const PurchaseDialog = lazy(() => loadPurchaseDialog().then((m) => ({ default: m.PurchaseDialog })));

/** The quantity selector, the total and Buy Now with its whole flow (spec sections 2, 5, 6 and 8). */
export function PurchasePanel(props: PurchasePanelProps) {
  const { product, paymentNote } = props;
  const min = product.minSellingQuantity;
  const stock = product.mainQuantity;
  const flow = usePurchaseFlow(props);
  const { quantity, unitPrice } = flow;
  const orderable = canOrder(min, stock);
  const [dialogMounted, setDialogMounted] = useState(false);
  if (flow.dialogOpen && !dialogMounted) setDialogMounted(true);
  // A failure to load shows when the dialog is needed.
  useEffect(() => whenIdle(() => void loadPurchaseDialog().catch(() => {}), 5_000), []);

  return (
    <div className="flex flex-col gap-4 rounded-2xl border border-base-300 bg-base-200/50 p-5">
      <VolumePricing product={product} quantity={quantity} />
      {orderable ? (
        <PurchaseQuantitySelector
          value={quantity}
          min={min}
          max={stock}
          pricing={product}
          onChange={flow.selectQuantity}
        />
      ) : (
        <NotOrderable stock={stock} min={min} />
      )}
      <BusyButton
        className="btn btn-primary btn-lg"
        // Stays enabled while checking, so focus is not lost to the page; buyNow ignores repeats.
        busy={flow.checking}
        disableWhileBusy={false}
        disabled={!orderable}
        icon={<ShoppingCart className="size-5" aria-hidden="true" />}
        onClick={() => void flow.buyNow()}
      >
        Buy Now
      </BusyButton>
      {dialogMounted && (
        <Suspense fallback={null}>
          <PurchaseDialog
            open={flow.dialogOpen}
            productName={product.name}
            quantity={quantity}
            unitPrice={unitPrice}
            total={quantityTotal(quantity, unitPrice)}
            priceChanged={flow.changedPrice !== null}
            pending={flow.pending}
            paymentNote={paymentNote}
            onSubmit={(details) => void flow.confirm(details)}
            onClose={() => {
              if (!flow.pending) flow.closeDialog();
            }}
          />
        </Suspense>
      )}
    </div>
  );
}

/** Less stock than the minimum order: no quantity to choose. */
function NotOrderable({ stock, min }: { stock: number; min: number }) {
  return (
    <p
      role="status"
      className="alert border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
    >
      <CircleAlert className="size-5" aria-hidden="true" />
      This product cannot currently be ordered: only {stock} units are in stock, below the minimum order of{' '}
      {min} units.
    </p>
  );
}
