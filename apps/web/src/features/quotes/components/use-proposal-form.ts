import { QuoteCounterBodySchema, QuoteOfferBodySchema, type Quote } from '@bulkwise/contracts';
import { useId, useState, type FormEvent } from 'react';
import { useMoveQuote, type QuoteMoveRequest } from '../api/move-quote';
import { fieldsOf, serverFields, type FormValues } from '../form-errors';

export const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** The latest prices (or the request's quantities and targets) as the form's starting values. */
function startValues(quote: Quote): FormValues {
  const latest = quote.versions.at(-1);
  const values: FormValues = { validUntil: inDays(7), note: '' };
  quote.lines.forEach((line, i) => {
    const priced = latest?.lines.find((l) => l.productId === line.productId);
    values[`lines.${i}.quantity`] = String(priced?.quantity ?? line.quantity);
    values[`lines.${i}.unitPrice`] = priced
      ? priced.unitPrice.toFixed(2)
      : (line.targetUnitPrice?.toFixed(2) ?? '');
  });
  return values;
}

/** The offer or counter form's values, its errors, and its submit (checked here, then by the server). */
export function useProposalForm(quote: Quote, move: 'offer' | 'counter', onDone: () => void) {
  const formId = useId();
  const mutation = useMoveQuote();
  const [values, setValues] = useState(() => startValues(quote));
  const [errors, setErrors] = useState<FormValues>({});
  const set = (name: string) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [name]: e.target.value }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const lines = quote.lines.map((l, i) => ({
      productId: l.productId,
      quantity: Number(values[`lines.${i}.quantity`]),
      unitPrice: Number(values[`lines.${i}.unitPrice`]),
    }));
    // The end of the chosen day, in the user's time zone.
    const validUntil = new Date(`${values.validUntil}T23:59:00`).toISOString();
    const body =
      move === 'offer'
        ? { lines, validUntil, note: values.note || null }
        : { lines, note: values.note || null };
    const parsed = (move === 'offer' ? QuoteOfferBodySchema : QuoteCounterBodySchema).safeParse(body);
    if (!parsed.success) return setErrors(fieldsOf(parsed.error.issues));
    setErrors({});
    try {
      await mutation.mutateAsync({ id: quote._id, move, body: parsed.data } as QuoteMoveRequest);
      onDone();
    } catch (err) {
      setErrors({ ...serverFields(err), form: err instanceof Error ? err.message : 'Please try again.' });
    }
  };

  /** A field's ids and message, by its name in the form. */
  const field = (name: string) => ({ formId, name, error: errors[name] });
  return { values, errors, set, field, onSubmit, busy: mutation.isPending };
}

export type ProposalFormState = ReturnType<typeof useProposalForm>;
