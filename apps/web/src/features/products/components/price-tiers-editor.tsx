import { MAX_PRICE_TIERS, PRICING_MESSAGES, PRICE_MIN } from '@bulkwise/contracts';
import { Plus, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { useFieldArray, type Control, type FieldErrors, type UseFormClearErrors, type UseFormRegister } from 'react-hook-form';
import { parseNumberInput, type PriceTierRow, type ProductFormValues } from '../product-form-checks';

interface PriceTiersEditorProps {
  control: Control<ProductFormValues>;
  register: UseFormRegister<ProductFormValues>;
  errors: FieldErrors<ProductFormValues>;
  clearErrors: UseFormClearErrors<ProductFormValues>;
}

type Cell = keyof PriceTierRow;

/**
 * The "Volume pricing" rows of the add and update forms: from a quantity up, a lower price per unit.
 * Checked with the rest of the form (contracts' rules) and again by the server.
 */
export function PriceTiersEditor({ control, register, errors, clearErrors }: PriceTiersEditorProps) {
  const id = useId();
  const { fields, append, remove } = useFieldArray({ control, name: 'priceTiers' });
  const headingId = `${id}-heading`;
  const listError = errors.priceTiers?.root?.message ?? errors.priceTiers?.message;

  const cell = (index: number, name: Cell) => {
    const error = errors.priceTiers?.[index]?.[name]?.message;
    const path = `priceTiers.${index}.${name}` as const;
    return {
      id: `${id}-${index}-${name}`,
      error,
      errorId: `${id}-${index}-${name}-error`,
      input: {
        'aria-invalid': error ? true : undefined,
        'aria-describedby': error ? `${id}-${index}-${name}-error` : undefined,
        ...register(path, {
          setValueAs: parseNumberInput,
          onChange: () => {
            if (error) clearErrors(path);
          },
        }),
      },
    };
  };

  return (
    <fieldset className="flex flex-col gap-3 rounded-box border border-base-300 p-4 sm:col-span-2" aria-labelledby={headingId}>
      <legend id={headingId} className="px-1 text-sm font-medium">
        {PRICING_MESSAGES.heading} <span className="font-normal text-base-content/70">(optional)</span>
      </legend>
      <p className="text-xs text-base-content/70">
        Lower the price per unit for larger orders: each break applies from its quantity up. Quantities must rise above
        the minimum selling quantity and prices fall below the price, up to {MAX_PRICE_TIERS} breaks.
      </p>
      {fields.length > 0 && (
        <ul className="flex flex-col gap-3">
          {fields.map((row, index) => {
            const quantity = cell(index, 'minQuantity');
            const price = cell(index, 'price');
            return (
              <li key={row.id} className="grid grid-cols-[1fr_1fr_auto] items-start gap-3" data-testid="price-tier-row">
                <div className="flex flex-col gap-1">
                  <label htmlFor={quantity.id} className="text-xs font-medium">
                    Break {index + 1}: from quantity
                  </label>
                  <input id={quantity.id} type="number" inputMode="numeric" min={2} step={1} className="input w-full" {...quantity.input} />
                  {quantity.error && (
                    <p id={quantity.errorId} className="text-sm text-red-700 dark:text-red-300" role="alert">
                      {quantity.error}
                    </p>
                  )}
                </div>
                <div className="flex flex-col gap-1">
                  <label htmlFor={price.id} className="text-xs font-medium">
                    Break {index + 1}: price per unit
                  </label>
                  <div className="input w-full">
                    <span className="text-base-content/70" aria-hidden="true">
                      $
                    </span>
                    <input id={price.id} type="number" inputMode="decimal" min={PRICE_MIN} step={0.01} className="grow" {...price.input} />
                  </div>
                  {price.error && (
                    <p id={price.errorId} className="text-sm text-red-700 dark:text-red-300" role="alert">
                      {price.error}
                    </p>
                  )}
                </div>
                <button
                  type="button"
                  className="btn btn-ghost btn-square mt-5"
                  aria-label={`Remove break ${index + 1}`}
                  onClick={() => remove(index)}
                >
                  <Trash2 className="size-5" aria-hidden="true" />
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {listError && (
        <p className="text-sm text-red-700 dark:text-red-300" role="alert">
          {listError}
        </p>
      )}
      <button
        type="button"
        className="btn btn-outline btn-sm self-start"
        disabled={fields.length >= MAX_PRICE_TIERS}
        onClick={() => append({ minQuantity: '', price: '' })}
      >
        <Plus className="size-4" aria-hidden="true" />
        Add price break
      </button>
    </fieldset>
  );
}
