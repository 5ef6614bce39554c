import { QuoteRequestBodySchema } from '@bulkwise/contracts';
import { Send, Trash2 } from 'lucide-react';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { BusyButton } from '@/components/form/busy-button';
import { NumberInput, TextInput, Textarea } from '@/components/form/controls';
import { Field } from '@/components/form/field';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { useRequestQuote } from '../api/request-quote';
import { clearDraft, removeFromDraft, type DraftLine } from '../quote-drafts';

type Values = Record<string, string>;
const tomorrow = () => new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

/** Zod's issues and the server's `fields` both name a path: one message per field. */
function fieldsOf(issues: Array<{ path: PropertyKey[]; message: string }>): Values {
  const out: Values = {};
  for (const issue of issues) out[issue.path.join('.')] ??= issue.message;
  return out;
}

/**
 * One request to one supplier (`supplier`: the draft's key, its supplierId): a quantity and optional target
 * price per product, then date, ship-to, note.
 */
export function QuoteRequestForm({
  supplier,
  supplierName,
  lines,
}: {
  supplier: string;
  supplierName: string;
  lines: DraftLine[];
}) {
  const formId = useId();
  const navigate = useNavigate();
  const send = useRequestQuote();
  // One key per form: a double click or a retry sends the same request, and the server makes one quote.
  const key = useMemo(() => newIdempotencyKey(), []);
  const [values, setValues] = useState<Values>(() => ({
    neededBy: tomorrow(),
    address: '',
    phone: '',
    note: '',
    ...Object.fromEntries(lines.map((l, i) => [`lines.${i}.quantity`, String(l.minSellingQuantity)])),
  }));
  const [errors, setErrors] = useState<Values>({});
  const set = (name: string) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [name]: e.target.value }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const body = {
      lines: lines.map((l, i) => ({
        productId: l.productId,
        quantity: Number(values[`lines.${i}.quantity`]),
        ...(values[`lines.${i}.targetUnitPrice`]
          ? { targetUnitPrice: Number(values[`lines.${i}.targetUnitPrice`]) }
          : {}),
      })),
      neededBy: values.neededBy,
      shipping: { address: values.address, phone: values.phone },
      note: values.note || null,
    };
    const parsed = QuoteRequestBodySchema.safeParse(body);
    if (!parsed.success) return setErrors(fieldsOf(parsed.error.issues));
    setErrors({});
    try {
      const quote = await send.mutateAsync({ body: parsed.data, key });
      clearDraft(supplier);
      void navigate(paths.quote.getHref(quote._id));
    } catch (err) {
      const fields = err instanceof ApiError ? (err.body as { fields?: Values } | null)?.fields : undefined;
      setErrors({
        ...(fields ?? {}),
        form: err instanceof ApiError ? err.message : 'The request could not be sent. Please try again.',
      });
    }
  };

  const field = (name: string) => ({ formId, name, error: errors[name] });
  return (
    <form
      onSubmit={(e) => void onSubmit(e)}
      noValidate
      className="card border border-base-300 bg-base-100"
      aria-label={`Quote request to ${supplierName}`}
    >
      <div className="card-body gap-4">
        <h2 className="card-title">To {supplierName}</h2>
        <ul className="flex flex-col gap-3" aria-label="Products">
          {lines.map((l, i) => (
            <li
              key={l.productId}
              className="grid gap-2 rounded-box bg-base-200 p-3 sm:grid-cols-[1fr_9rem_9rem_auto] sm:items-end"
            >
              <div>
                <p className="font-medium">{l.name}</p>
                <p className="text-xs text-base-content/70">
                  List price ${l.price.toFixed(2)} · minimum {l.minSellingQuantity}
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
                <Trash2 className="size-4" aria-hidden="true" /> Remove{' '}
                <span className="sr-only">{l.name}</span>
              </button>
            </li>
          ))}
        </ul>
        <div className="grid gap-3 sm:grid-cols-2">
          <Field {...field('neededBy')} label="Needed by">
            <TextInput type="date" value={values.neededBy} onChange={set('neededBy')} />
          </Field>
          <Field {...field('shipping.phone')} label="Phone">
            <TextInput type="tel" autoComplete="tel" value={values.phone} onChange={set('phone')} />
          </Field>
          <Field {...field('shipping.address')} label="Shipping address" className="sm:col-span-2">
            <TextInput autoComplete="street-address" value={values.address} onChange={set('address')} />
          </Field>
          <Field {...field('note')} label="Note (optional)" className="sm:col-span-2">
            <Textarea rows={3} value={values.note} onChange={set('note')} />
          </Field>
        </div>
        {errors.form && (
          <p role="alert" className="text-error">
            {errors.form}
          </p>
        )}
        <div className="card-actions justify-end">
          <BusyButton
            type="submit"
            className="btn btn-primary"
            busy={send.isPending}
            busyLabel="Sending…"
            icon={<Send className="size-4" aria-hidden="true" />}
          >
            Send quote request
          </BusyButton>
        </div>
      </div>
    </form>
  );
}
