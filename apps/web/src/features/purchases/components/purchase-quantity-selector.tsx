import { PURCHASE_MESSAGES, unitPriceFor, type PricedProduct } from '@bulkwise/contracts';
import { useId } from 'react';
import { formatPrice } from '@/components/ui/price';
import { clampQuantity, isBelowMinimum, quantityTotal } from './purchase-quantity';
import { QuantityStepper } from './quantity-stepper';
import { useQuantityDraft } from './use-quantity-draft';
import { nextBreakHint } from './volume-pricing';

interface PurchaseQuantitySelectorProps {
  /** The committed quantity, always within [min, max]. */
  value: number;
  min: number;
  /** The available stock. */
  max: number;
  /** The base price and the breaks: the unit price follows the quantity. */
  pricing: Pick<PricedProduct, 'price' | 'priceTiers'>;
  onChange: (quantity: number) => void;
  disabled?: boolean;
}

/**
 * Minus, an input and plus. Typing is free; the value is clamped when the input is left or Enter
 * is pressed. The total follows what the typed value will become.
 */
export function PurchaseQuantitySelector({
  value,
  min,
  max,
  pricing,
  onChange,
  disabled = false,
}: PurchaseQuantitySelectorProps) {
  const inputId = useId();
  const noteId = useId();
  const { draft, setDraft, commit } = useQuantityDraft(value, min, max, onChange);

  const belowMinimum = isBelowMinimum(draft, min);
  const upcoming = clampQuantity(draft, min, max);
  const unitPrice = unitPriceFor(pricing, upcoming);
  const total = quantityTotal(upcoming, unitPrice);
  const hint = nextBreakHint(pricing, upcoming, max);

  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={inputId} className="text-sm font-semibold">
        Quantity
      </label>
      <QuantityStepper
        inputId={inputId}
        value={value}
        min={min}
        max={max}
        draft={draft}
        onDraftChange={setDraft}
        commit={commit}
        disabled={disabled}
        noteId={belowMinimum ? noteId : undefined}
      />
      <p id={noteId} className="min-h-5 text-sm text-amber-700 dark:text-amber-400" aria-live="polite">
        {belowMinimum ? PURCHASE_MESSAGES.minimumNote(min) : ''}
      </p>
      {pricing.priceTiers.length > 0 && (
        <p>
          Unit price: <strong data-testid="purchase-unit-price">{formatPrice(unitPrice)}</strong>
        </p>
      )}
      <p className="text-lg">
        Total: <strong data-testid="purchase-total">{formatPrice(total)}</strong>
      </p>
      {hint && (
        <p className="text-sm text-emerald-800 dark:text-emerald-300" data-testid="next-break-hint">
          {hint}
        </p>
      )}
    </div>
  );
}
