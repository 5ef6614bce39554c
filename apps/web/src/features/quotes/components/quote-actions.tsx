import {
  allowedQuoteMoves,
  QuoteCounterBodySchema,
  QuoteOfferBodySchema,
  type Quote,
} from '@bulkwise/contracts';
import { Check, Send, X } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { BusyButton } from '@/components/form/busy-button';
import { NumberInput, TextInput, Textarea } from '@/components/form/controls';
import { Field } from '@/components/form/field';
import { ApiError } from '@/lib/api-client';
import { useMoveQuote, type QuoteMoveRequest } from '../api/move-quote';

type Values = Record<string, string>;
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** The latest prices (or the request's quantities and targets) as the form's starting values. */
function startValues(quote: Quote): Values {
  const latest = quote.versions.at(-1);
  const values: Values = { validUntil: inDays(7), note: '' };
  quote.lines.forEach((line, i) => {
    const priced = latest?.lines.find((l) => l.productId === line.productId);
    values[`lines.${i}.quantity`] = String(priced?.quantity ?? line.quantity);
    values[`lines.${i}.unitPrice`] = priced
      ? priced.unitPrice.toFixed(2)
      : (line.targetUnitPrice?.toFixed(2) ?? '');
  });
  return values;
}

/** Offer (supplier) or counter (buyer): a price and quantity for every line; an offer also its end date. */
function ProposalForm({
  quote,
  move,
  onDone,
}: {
  quote: Quote;
  move: 'offer' | 'counter';
  onDone: () => void;
}) {
  const formId = useId();
  const mutation = useMoveQuote();
  const [values, setValues] = useState(() => startValues(quote));
  const [errors, setErrors] = useState<Values>({});
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
    if (!parsed.success) {
      const out: Values = {};
      for (const issue of parsed.error.issues) out[issue.path.join('.')] ??= issue.message;
      return setErrors(out);
    }
    setErrors({});
    try {
      await mutation.mutateAsync({ id: quote._id, move, body: parsed.data } as QuoteMoveRequest);
      onDone();
    } catch (err) {
      const fields = err instanceof ApiError ? (err.body as { fields?: Values } | null)?.fields : undefined;
      setErrors({ ...(fields ?? {}), form: err instanceof Error ? err.message : 'Please try again.' });
    }
  };

  return (
    <form
      onSubmit={(e) => void onSubmit(e)}
      noValidate
      className="flex flex-col gap-3"
      aria-label={move === 'offer' ? 'Your offer' : 'Your counter-offer'}
    >
      {quote.lines.map((l, i) => (
        <fieldset key={l.productId} className="grid gap-2 sm:grid-cols-[1fr_9rem_9rem] sm:items-end">
          <legend className="sr-only">{l.name}</legend>
          <p className="font-medium" aria-hidden="true">
            {l.name}
          </p>
          <Field
            formId={formId}
            name={`lines.${i}.quantity`}
            label={`Quantity of ${l.name}`}
            error={errors[`lines.${i}.quantity`]}
            compact
          >
            <NumberInput
              min={1}
              value={values[`lines.${i}.quantity`]}
              onChange={set(`lines.${i}.quantity`)}
            />
          </Field>
          <Field
            formId={formId}
            name={`lines.${i}.unitPrice`}
            label={`Unit price of ${l.name} ($)`}
            error={errors[`lines.${i}.unitPrice`]}
            compact
          >
            <NumberInput
              step={0.01}
              min={0.01}
              prefix="$"
              value={values[`lines.${i}.unitPrice`]}
              onChange={set(`lines.${i}.unitPrice`)}
            />
          </Field>
        </fieldset>
      ))}
      {move === 'offer' && (
        <Field
          formId={formId}
          name="validUntil"
          label="Valid until (at most 30 days)"
          error={errors.validUntil}
        >
          <TextInput
            type="date"
            min={inDays(0)}
            max={inDays(30)}
            value={values.validUntil}
            onChange={set('validUntil')}
          />
        </Field>
      )}
      <Field formId={formId} name="note" label="Note (optional)" error={errors.note}>
        <Textarea rows={2} value={values.note} onChange={set('note')} />
      </Field>
      {(errors.form || errors.lines) && (
        <p role="alert" className="text-error">
          {errors.form ?? errors.lines}
        </p>
      )}
      <BusyButton
        type="submit"
        className="btn btn-primary self-start"
        busy={mutation.isPending}
        busyLabel="Sending…"
        icon={<Send className="size-4" aria-hidden="true" />}
      >
        {move === 'offer' ? 'Send offer' : 'Send counter-offer'}
      </BusyButton>
    </form>
  );
}

/** Decline (either side, with a reason) or withdraw (the buyer): secondary, always behind a confirmation. */
function CloseQuote({ quote, move }: { quote: Quote; move: 'decline' | 'withdraw' }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const mutation = useMoveQuote();
  const formId = useId();
  const label = move === 'decline' ? 'Decline' : 'Withdraw';
  if (!open)
    return (
      <button type="button" className="btn btn-ghost btn-sm" onClick={() => setOpen(true)}>
        <X className="size-4" aria-hidden="true" /> {label}…
      </button>
    );
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (move === 'decline' && reason.trim() === '') return setError('A reason is required');
    try {
      await mutation.mutateAsync(
        move === 'decline' ? { id: quote._id, move, body: { reason } } : { id: quote._id, move },
      );
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Please try again.');
    }
  };
  return (
    <form onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-2" noValidate>
      {move === 'decline' && (
        <Field formId={formId} name="reason" label="Reason" error={error ?? undefined}>
          <TextInput value={reason} onChange={(e) => setReason(e.target.value)} autoFocus />
        </Field>
      )}
      {move === 'withdraw' && error && (
        <p role="alert" className="text-error">
          {error}
        </p>
      )}
      <div className="flex gap-2">
        <BusyButton type="submit" className="btn btn-error btn-sm" busy={mutation.isPending}>
          {label} quote
        </BusyButton>
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => setOpen(false)}>
          Keep it
        </button>
      </div>
    </form>
  );
}

/** The one next action of whoever's turn it is, from the transition table; the other side waits. */
export function QuoteActions({ quote, onAccepted }: { quote: Quote; onAccepted?: () => void }) {
  const moves = allowedQuoteMoves(quote.status, quote.you);
  const accept = useMoveQuote(onAccepted);
  const [countering, setCountering] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (moves.length === 0) return null;
  const myTurn = quote.turn === quote.you;
  const onAccept = async () => {
    setError(null);
    try {
      await accept.mutateAsync({ id: quote._id, move: 'accept', body: { version: quote.currentVersion } });
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Please try again.');
    }
  };
  return (
    <section
      aria-label="Next step"
      className="flex flex-col gap-4 rounded-box border border-primary/40 bg-base-100 p-4"
    >
      {!myTurn && <p>Waiting for the {quote.turn === 'buyer' ? 'buyer' : 'supplier'} to answer.</p>}
      {moves.includes('offer') && (
        <>
          <h3 className="font-semibold">Your offer</h3>
          <ProposalForm quote={quote} move="offer" onDone={() => {}} />
        </>
      )}
      {moves.includes('accept') && (
        <div className="flex flex-wrap items-center gap-2">
          <BusyButton
            className="btn btn-primary"
            busy={accept.isPending}
            busyLabel="Placing orders…"
            icon={<Check className="size-4" aria-hidden="true" />}
            onClick={() => void onAccept()}
          >
            Accept offer v{quote.currentVersion}
          </BusyButton>
          {moves.includes('counter') && (
            <button
              type="button"
              className="btn btn-outline"
              aria-expanded={countering}
              onClick={() => setCountering((c) => !c)}
            >
              Counter
            </button>
          )}
        </div>
      )}
      {error && (
        <p role="alert" className="text-error">
          {error}
        </p>
      )}
      {countering && <ProposalForm quote={quote} move="counter" onDone={() => setCountering(false)} />}
      <div className="flex flex-wrap gap-2">
        {moves.includes('decline') && <CloseQuote quote={quote} move="decline" />}
        {moves.includes('withdraw') && <CloseQuote quote={quote} move="withdraw" />}
      </div>
    </section>
  );
}
