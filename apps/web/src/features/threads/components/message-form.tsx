import { MESSAGE_TEXT_MAX, type ThreadSubject } from '@bulkwise/contracts';
import { Send } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Textarea } from '@/components/form/controls';
import { Field } from '@/components/form/field';
import { ApiError } from '@/lib/api-client';
import { usePostMessage } from '../api/threads-api';

/** The new message box: checked for blank and length here, the server's refusal shown under it. */
export function MessageForm({ subject, id }: { subject: ThreadSubject; id: string }) {
  const post = usePostMessage(subject, id);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const formId = useId();
  const countId = `${formId}-count`;
  const length = [...text].length;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() === '') return setError('Write a message first');
    if (length > MESSAGE_TEXT_MAX) return setError(`Message must be at most ${MESSAGE_TEXT_MAX} characters`);
    setError(null);
    try {
      await post.mutateAsync(text);
      setText('');
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'The message could not be sent. Please try again.');
    }
  };

  return (
    <form onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-2" noValidate>
      <Field
        formId={formId}
        name="text"
        label="Your message"
        error={error ?? undefined}
        describedBy={countId}
      >
        <Textarea rows={3} value={text} onChange={(e) => setText(e.target.value)} />
        <div className="flex items-center justify-between gap-2">
          <span
            id={countId}
            className={`text-xs ${length > MESSAGE_TEXT_MAX ? 'text-error' : 'text-base-content/70'}`}
          >
            {length} / {MESSAGE_TEXT_MAX}
          </span>
          <button type="submit" className="btn btn-primary btn-sm" disabled={post.isPending}>
            <Send className="size-4" aria-hidden="true" /> {post.isPending ? 'Sending…' : 'Send'}
          </button>
        </div>
      </Field>
    </form>
  );
}
