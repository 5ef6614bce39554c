import type { Quote } from '@bulkwise/contracts';
import { NumberInput, TextInput, Textarea } from '@/components/form/controls';
import { Field } from '@/components/form/field';
import { QuoteForm, SendButton } from './quote-form';
import { inDays, useProposalForm, type ProposalFormState } from './use-proposal-form';

/** Offer (supplier) or counter (buyer): a price and quantity for every line; an offer also its end date. */
export function ProposalForm({
  quote,
  move,
  onDone,
}: {
  quote: Quote;
  move: 'offer' | 'counter';
  onDone: () => void;
}) {
  const form = useProposalForm(quote, move, onDone);
  const { values, errors, set, field } = form;
  return (
    <QuoteForm
      onSubmit={form.onSubmit}
      className="flex flex-col gap-3"
      label={move === 'offer' ? 'Your offer' : 'Your counter-offer'}
    >
      {quote.lines.map((l, i) => (
        <ProposalLine key={l.productId} name={l.name} index={i} form={form} />
      ))}
      {move === 'offer' && (
        <Field {...field('validUntil')} label="Valid until (at most 30 days)">
          <TextInput
            type="date"
            min={inDays(0)}
            max={inDays(30)}
            value={values.validUntil}
            onChange={set('validUntil')}
          />
        </Field>
      )}
      <Field {...field('note')} label="Note (optional)">
        <Textarea rows={2} value={values.note} onChange={set('note')} />
      </Field>
      {(errors.form || errors.lines) && (
        <p role="alert" className="text-error">
          {errors.form ?? errors.lines}
        </p>
      )}
      <SendButton busy={form.busy} className="btn btn-primary self-start">
        {move === 'offer' ? 'Send offer' : 'Send counter-offer'}
      </SendButton>
    </QuoteForm>
  );
}

/** One line's quantity and unit price. */
function ProposalLine({
  name,
  index: i,
  form: { values, set, field },
}: {
  name: string;
  index: number;
  form: ProposalFormState;
}) {
  return (
    <fieldset className="grid gap-2 sm:grid-cols-[1fr_9rem_9rem] sm:items-end">
      <legend className="sr-only">{name}</legend>
      <p className="font-medium" aria-hidden="true">
        {name}
      </p>
      <Field {...field(`lines.${i}.quantity`)} label={`Quantity of ${name}`} compact>
        <NumberInput min={1} value={values[`lines.${i}.quantity`]} onChange={set(`lines.${i}.quantity`)} />
      </Field>
      <Field {...field(`lines.${i}.unitPrice`)} label={`Unit price of ${name} ($)`} compact>
        <NumberInput
          step={0.01}
          min={0.01}
          prefix="$"
          value={values[`lines.${i}.unitPrice`]}
          onChange={set(`lines.${i}.unitPrice`)}
        />
      </Field>
    </fieldset>
  );
}
