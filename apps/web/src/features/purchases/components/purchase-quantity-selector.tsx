import { PURCHASE_MESSAGES, unitPriceFor, type PricedProduct } from '@bulkwise/contracts';
import { Minus, Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { formatPrice } from '@/components/ui/price';
import { clampQuantity, isBelowMinimum, quantityTotal } from './purchase-quantity';
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
  const [draft, setDraft] = useState(String(value));
  const [shownValue, setShownValue] = useState(value);
  // The parent may reset the quantity (after a purchase, or to the stock): show its value.
  if (value !== shownValue) {
    setShownValue(value);
    setDraft(String(value));
  }

  const commit = (input: string | number) => {
    const next = clampQuantity(input, min, max);
    setDraft(String(next));
    if (next !== value) onChange(next);
    return next;
  };

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
      <div className="join">
        <button
          type="button"
          className="btn join-item"
          aria-label="Decrease quantity"
          aria-controls={inputId}
          disabled={disabled || value <= min}
          onClick={() => commit(value - 1)}
        >
          <Minus className="size-4" aria-hidden="true" />
        </button>
        <input
          id={inputId}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          className="input join-item w-28 text-center text-lg font-semibold"
          value={draft}
          disabled={disabled}
          aria-describedby={belowMinimum ? noteId : undefined}
          aria-invalid={belowMinimum || undefined}
          onChange={(event) => setDraft(event.target.value)}
          onBlur={() => commit(draft)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              commit(draft);
            }
          }}
        />
        <button
          type="button"
          className="btn join-item"
          aria-label="Increase quantity"
          aria-controls={inputId}
          disabled={disabled || value >= max}
          onClick={() => commit(value + 1)}
        >
          <Plus className="size-4" aria-hidden="true" />
        </button>
      </div>
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
