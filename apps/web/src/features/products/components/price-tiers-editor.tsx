import { MAX_PRICE_TIERS, PRICING_MESSAGES, PRICE_MIN, PriceTierSchema } from '@bulkwise/contracts';
import { Plus, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import {
  useFieldArray,
  type Control,
  type FieldErrors,
  type UseFormClearErrors,
  type UseFormRegister,
  type UseFormRegisterReturn,
} from 'react-hook-form';
import { NumberInput } from '@/components/form/controls';
import { Field } from '@/components/form/field';
import { parseNumberInput, type PriceTierRow, type ProductFormValues } from '../product-form-checks';

interface PriceTiersEditorProps {
  /** The product form's id: the cells' ids follow the kit's scheme under it. */
  formId: string;
  control: Control<ProductFormValues>;
  register: UseFormRegister<ProductFormValues>;
  errors: FieldErrors<ProductFormValues>;
  clearErrors: UseFormClearErrors<ProductFormValues>;
}

type Cell = keyof PriceTierRow;

// The contract's smallest break quantity, so the browser's hint never disagrees with the rule.
const TIER_QUANTITY_MIN = PriceTierSchema.shape.minQuantity.minValue ?? undefined;

/**
 * The "Volume pricing" rows of the add and update forms: from a quantity up, a lower price per unit.
 * Checked with the rest of the form (contracts' rules) and again by the server.
 */
export function PriceTiersEditor({ control, ...form }: PriceTiersEditorProps) {
  const { formId, errors } = form;
  const { fields, append, remove } = useFieldArray({ control, name: 'priceTiers' });
  const headingId = `${formId}-priceTiers-heading`;
  const listError = errors.priceTiers?.root?.message ?? errors.priceTiers?.message;

  return (
    <fieldset
      className="flex flex-col gap-3 rounded-box border border-base-300 p-4 sm:col-span-2"
      aria-labelledby={headingId}
    >
      <legend id={headingId} className="px-1 text-sm font-medium">
        {PRICING_MESSAGES.heading} <span className="font-normal text-base-content/70">(optional)</span>
      </legend>
      <p className="text-xs text-base-content/70">
        Lower the price per unit for larger orders: each break applies from its quantity up. Quantities must
        rise above the minimum selling quantity and prices fall below the price, up to {MAX_PRICE_TIERS}{' '}
        breaks.
      </p>
      {fields.length > 0 && (
        <ul className="flex flex-col gap-3">
          {fields.map((row, index) => (
            <TierRow key={row.id} form={form} index={index} onRemove={() => remove(index)} />
          ))}
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

type TierForm = Omit<PriceTiersEditorProps, 'control'>;

/** One break: its quantity and price cells, and its Remove button. */
function TierRow({ form, index, onRemove }: { form: TierForm; index: number; onRemove: () => void }) {
  return (
    <li className="grid grid-cols-[1fr_1fr_auto] items-start gap-3" data-testid="price-tier-row">
      <TierCell form={form} index={index} name="minQuantity" label="from quantity">
        {(input) => <NumberInput min={TIER_QUANTITY_MIN} {...input} />}
      </TierCell>
      <TierCell form={form} index={index} name="price" label="price per unit">
        {(input) => <NumberInput prefix="$" min={PRICE_MIN} step={0.01} {...input} />}
      </TierCell>
      <button
        type="button"
        className="btn btn-ghost btn-square mt-5"
        aria-label={`Remove break ${index + 1}`}
        onClick={onRemove}
      >
        <Trash2 className="size-5" aria-hidden="true" />
      </button>
    </li>
  );
}

/** One cell of a break as a kit Field: its path names it, its error sits on it. */
function TierCell({
  form: { formId, register, errors, clearErrors },
  index,
  name,
  label,
  children,
}: {
  form: TierForm;
  index: number;
  name: Cell;
  label: string;
  children: (input: UseFormRegisterReturn) => ReactNode;
}) {
  const path = `priceTiers.${index}.${name}` as const;
  const error = errors.priceTiers?.[index]?.[name]?.message;
  const input = register(path, {
    setValueAs: parseNumberInput,
    onChange: () => {
      if (error) clearErrors(path);
    },
  });
  return (
    <Field formId={formId} name={path} label={`Break ${index + 1}: ${label}`} error={error} compact>
      {children(input)}
    </Field>
  );
}
