import { QuoteRequestBodySchema } from '@bulkwise/contracts';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { useRequestQuote } from '../api/request-quote';
import { fieldsOf, serverFields, type FormValues } from '../form-errors';
import { clearDraft, type DraftLine } from '../quote-drafts';

const tomorrow = () => new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

/** The request form's values and errors; a sent request clears the draft and opens the new quote. */
export function useQuoteRequestForm(supplier: string, lines: DraftLine[]) {
  const formId = useId();
  const navigate = useNavigate();
  const send = useRequestQuote();
  // One key per form: a double click or a retry sends the same request, and the server makes one quote.
  const key = useMemo(() => newIdempotencyKey(), []);
  const [values, setValues] = useState<FormValues>(() => ({
    neededBy: tomorrow(),
    address: '',
    phone: '',
    note: '',
    ...Object.fromEntries(lines.map((l, i) => [`lines.${i}.quantity`, String(l.minSellingQuantity)])),
  }));
  const [errors, setErrors] = useState<FormValues>({});
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
      setErrors({
        ...serverFields(err),
        form: err instanceof ApiError ? err.message : 'The request could not be sent. Please try again.',
      });
    }
  };

  /** A field's ids and message, by its name in the form. */
  const field = (name: string) => ({ formId, name, error: errors[name] });
  return { values, errors, set, field, onSubmit, busy: send.isPending };
}

export type QuoteRequestFormState = ReturnType<typeof useQuoteRequestForm>;
