import { zodResolver } from '@hookform/resolvers/zod';
import { PRICING_MESSAGES, PURCHASE_MESSAGES, PoNumberSchema, PurchaseBodySchema } from '@bulkwise/contracts';
import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { BusyButton } from '@/components/form/busy-button';
import { TextInput, Textarea } from '@/components/form/controls';
import { Field } from '@/components/form/field';
import { formatPrice } from '@/components/ui/price';

/** Blank fields get the spec's messages; anything else the API would refuse gets the contract's. */
export const ShippingSchema = z.object({
  address: z.string().trim().min(1, PURCHASE_MESSAGES.addressRequired).pipe(PurchaseBodySchema.shape.address),
  phone: z.string().trim().min(1, PURCHASE_MESSAGES.phoneRequired).pipe(PurchaseBodySchema.shape.phone),
  /** The buyer's purchase order number, printed on the invoice. */
  poNumber: PoNumberSchema,
});
export type ShippingDetails = z.output<typeof ShippingSchema>;

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

// jsdom has no showModal(); the attribute alone still renders the dialog there.
function openModal(dialog: HTMLDialogElement) {
  if (typeof dialog.showModal !== 'function') dialog.setAttribute('open', '');
  else if (!dialog.open) dialog.showModal();
}
function closeModal(dialog: HTMLDialogElement) {
  if (typeof dialog.close !== 'function') dialog.removeAttribute('open');
  else if (dialog.open) dialog.close();
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
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const formId = useId();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<z.input<typeof ShippingSchema>, unknown, ShippingDetails>({
    resolver: zodResolver(ShippingSchema),
    defaultValues: { address: '', phone: '', poNumber: '' },
  });

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open) openModal(dialog);
    else closeModal(dialog);
  }, [open]);

  return (
    <dialog
      ref={ref}
      className="modal modal-bottom sm:modal-middle"
      aria-labelledby={titleId}
      onKeyDown={keepTabInside}
      onClose={onClose}
      onCancel={(event) => {
        if (pending) event.preventDefault();
      }}
    >
      <div className="modal-box">
        <h2 id={titleId} className="text-xl font-bold">
          Complete Your Purchase
        </h2>
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
        <form noValidate className="mt-4 flex flex-col gap-4" onSubmit={handleSubmit(onSubmit)}>
          <fieldset disabled={pending} className="flex flex-col gap-4">
            <Field formId={formId} name="address" label="Shipping address" error={errors.address?.message}>
              <Textarea rows={3} autoComplete="street-address" {...register('address')} />
            </Field>
            <Field formId={formId} name="phone" label="Phone number" error={errors.phone?.message}>
              <TextInput type="tel" autoComplete="tel" {...register('phone')} />
            </Field>
            <Field
              formId={formId}
              name="poNumber"
              label="PO number (optional)"
              error={errors.poNumber?.message}
            >
              <TextInput maxLength={50} {...register('poNumber')} />
            </Field>
          </fieldset>
          <div className="modal-action mt-2">
            <button type="button" className="btn btn-ghost" onClick={onClose} disabled={pending}>
              Cancel
            </button>
            <BusyButton type="submit" className="btn btn-primary" busy={pending} busyLabel="Processing...">
              Confirm Purchase
            </BusyButton>
          </div>
        </form>
      </div>
    </dialog>
  );
}
