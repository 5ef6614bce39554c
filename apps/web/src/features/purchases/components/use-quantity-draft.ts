import { useState } from 'react';
import { clampQuantity } from './purchase-quantity';

/**
 * The typed quantity: free while typing, clamped to [min, max] when committed, and reset to the
 * parent's value whenever that changes.
 */
export function useQuantityDraft(
  value: number,
  min: number,
  max: number,
  onChange: (quantity: number) => void,
) {
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

  return { draft, setDraft, commit };
}
