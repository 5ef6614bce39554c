import { formatUsd } from '@bulkwise/contracts';
import { Trash2 } from 'lucide-react';
import { NumberInput } from '@/components/form/controls';
import { Field } from '@/components/form/field';
import { removeFromDraft, type DraftLine } from '../quote-drafts';
import type { QuoteRequestFormState } from './use-quote-request-form';

/** One product of the request: its list price and minimum, the quantity and target price, its removal. */
export function RequestLine({
  supplier,
  line: l,
  index: i,
  form: { values, set, field },
}: {
  supplier: string;
  line: DraftLine;
  index: number;
  form: QuoteRequestFormState;
}) {
  return (
    <li className="grid gap-2 rounded-box bg-base-200 p-3 sm:grid-cols-[1fr_9rem_9rem_auto] sm:items-end">
      <div>
        <p className="font-medium">{l.name}</p>
        <p className="text-xs text-base-content/70">
          List price {formatUsd(l.price)} · minimum {l.minSellingQuantity}
        </p>
      </div>
      <Field {...field(`lines.${i}.quantity`)} label={`Quantity of ${l.name}`} compact>
        <NumberInput
          min={1}
          value={values[`lines.${i}.quantity`] ?? ''}
          onChange={set(`lines.${i}.quantity`)}
        />
      </Field>
      <Field {...field(`lines.${i}.targetUnitPrice`)} label="Target unit price ($, optional)" compact>
        <NumberInput
          step={0.01}
          min={0.01}
          prefix="$"
          value={values[`lines.${i}.targetUnitPrice`] ?? ''}
          onChange={set(`lines.${i}.targetUnitPrice`)}
        />
      </Field>
      <button
        type="button"
        className="btn btn-ghost btn-sm"
        onClick={() => removeFromDraft(supplier, l.productId)}
      >
        <Trash2 className="size-4" aria-hidden="true" /> Remove <span className="sr-only">{l.name}</span>
      </button>
    </li>
  );
}
