import type { Quote } from '@bulkwise/contracts';
import { X } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { BusyButton } from '@/components/form/busy-button';
import { TextInput } from '@/components/form/controls';
import { Field } from '@/components/form/field';
import { useMoveQuote } from '../api/move-quote';

/** Decline (either side, with a reason) or withdraw (the buyer): secondary, always behind a confirmation. */
export function CloseQuote({ quote, move }: { quote: Quote; move: 'decline' | 'withdraw' }) {
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
