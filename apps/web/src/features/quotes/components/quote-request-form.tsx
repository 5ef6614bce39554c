import { TextInput, Textarea } from '@/components/form/controls';
import { Field } from '@/components/form/field';
import type { DraftLine } from '../quote-drafts';
import { QuoteForm, SendButton } from './quote-form';
import { RequestLine } from './request-line';
import { useQuoteRequestForm } from './use-quote-request-form';

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
  const form = useQuoteRequestForm(supplier, lines);
  const { values, errors, set, field } = form;
  return (
    <QuoteForm
      onSubmit={form.onSubmit}
      className="card border border-base-300 bg-base-100"
      label={`Quote request to ${supplierName}`}
    >
      <div className="card-body gap-4">
        <h2 className="card-title">To {supplierName}</h2>
        <ul className="flex flex-col gap-3" aria-label="Products">
          {lines.map((l, i) => (
            <RequestLine key={l.productId} supplier={supplier} line={l} index={i} form={form} />
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
          <SendButton busy={form.busy} className="btn btn-primary">
            Send quote request
          </SendButton>
        </div>
      </div>
    </QuoteForm>
  );
}
