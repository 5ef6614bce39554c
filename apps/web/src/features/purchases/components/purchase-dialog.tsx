import { PRICING_MESSAGES } from '@bulkwise/contracts';
import type { KeyboardEvent } from 'react';
import { formatPrice } from '@/components/ui/price';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { ShippingForm, type ShippingDetails } from './shipping-form';

interface PurchaseDialogProps {
  open: boolean;
  productName: string;
  quantity: number;
  unitPrice: number;
  total: number;
  /** The server refused the price shown before: say so, and let the buyer confirm the new one. */
  priceChanged?: boolean;
  pending: boolean;
  /** How this order will be paid (prepay, or on account with the credit left), when known. */
  paymentNote?: string;
  onSubmit: (details: ShippingDetails) => void;
  onClose: () => void;
}

const FOCUSABLE =
  'button:not([disabled]), input:not([disabled]), textarea:not([disabled]), select:not([disabled]), [href], [tabindex]:not([tabindex="-1"])';

/** A modal <dialog> makes the page inert, but Tab can still leave for the browser's own UI: wrap it. */
function keepTabInside(event: KeyboardEvent<HTMLDialogElement>) {
  if (event.key !== 'Tab') return;
  const focusable = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const first = focusable[0];
  const last = focusable.at(-1);
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * Asks where to ship and whom to call. A native modal <dialog>: the rest of the page is inert, Tab
 * wraps inside, Escape closes it and focus returns to Buy Now. The typed values survive a
 * failed attempt so the buyer can simply try again.
 */
export function PurchaseDialog({
  open,
  productName,
  quantity,
  unitPrice,
  total,
  priceChanged = false,
  pending,
  paymentNote,
  onSubmit,
  onClose,
}: PurchaseDialogProps) {
  return (
    <ModalDialog
      open={open}
      title="Complete Your Purchase"
      busy={pending}
      onClose={onClose}
      onKeyDown={keepTabInside}
    >
      <p className="mt-2" data-testid="purchase-summary">
        {quantity} units of <strong>{productName}</strong> at <strong>{formatPrice(unitPrice)}</strong> per
        unit, for <strong>{formatPrice(total)}</strong>
      </p>
      {paymentNote && (
        <p className="mt-2 text-sm" data-testid="purchase-terms">
          {paymentNote}
        </p>
      )}
      {priceChanged && (
        <p
          role="alert"
          className="alert mt-3 border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
        >
          {PRICING_MESSAGES.priceChanged(unitPrice)} Confirm again to buy at this price.
        </p>
      )}
      <ShippingForm pending={pending} onSubmit={onSubmit} onClose={onClose} />
    </ModalDialog>
  );
}
