import { MESSAGE_TEXT_MAX, type ThreadSubject } from '@bulkwise/contracts';
import { MessageSquare, Send } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { ErrorState } from '@/components/feedback/error-state';
import { Spinner } from '@/components/feedback/spinner';
import { ApiError } from '@/lib/api-client';
import { usePostMessage, useThread } from '../api/threads-api';

const timeOf = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * The conversation of a quote or an order between its buyer and its supplier. Messages are rendered
 * as text (React escapes them), isolated for direction so a right-to-left override cannot flip the
 * text around them, and wrapped whatever their length.
 */
export function Thread({ subject, id }: { subject: ThreadSubject; id: string }) {
  const thread = useThread(subject, id);
  const post = usePostMessage(subject, id);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const fieldId = useId();
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
    <section
      aria-label="Messages"
      className="flex flex-col gap-3 rounded-box border border-base-300 bg-base-100 p-4"
    >
      <h3 className="flex items-center gap-2 font-semibold">
        <MessageSquare className="size-4" aria-hidden="true" /> Messages
      </h3>
      {thread.isPending ? (
        <Spinner />
      ) : thread.isError ? (
        <ErrorState message="Failed to load the messages" />
      ) : thread.data.messages.length === 0 ? (
        <p className="text-sm text-base-content/70">No messages yet. Write the first one.</p>
      ) : (
        <ol
          className="flex max-h-96 flex-col gap-2 overflow-y-auto"
          aria-live="polite"
          data-testid="thread-messages"
        >
          {thread.data.messages.map((m) => {
            const mine = m.from === thread.data.you;
            return (
              <li key={m._id} className={`chat ${mine ? 'chat-end' : 'chat-start'}`}>
                <div className="chat-header text-xs text-base-content/70">
                  {mine ? 'You' : m.from === 'buyer' ? 'Buyer' : 'Supplier'} ·{' '}
                  <time dateTime={m.at}>{timeOf(m.at)}</time>
                </div>
                <p
                  dir="auto"
                  className={`chat-bubble [unicode-bidi:isolate] break-words whitespace-pre-wrap ${mine ? 'chat-bubble-primary' : ''}`}
                >
                  {m.text}
                </p>
              </li>
            );
          })}
        </ol>
      )}
      <form onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-2" noValidate>
        <label htmlFor={fieldId} className="text-sm font-medium">
          Your message
        </label>
        <textarea
          id={fieldId}
          className="textarea w-full"
          rows={3}
          value={text}
          onChange={(e) => setText(e.target.value)}
          aria-describedby={`${fieldId}-count${error ? ` ${fieldId}-error` : ''}`}
          aria-invalid={error ? true : undefined}
        />
        <div className="flex items-center justify-between gap-2">
          <span
            id={`${fieldId}-count`}
            className={`text-xs ${length > MESSAGE_TEXT_MAX ? 'text-error' : 'text-base-content/70'}`}
          >
            {length} / {MESSAGE_TEXT_MAX}
          </span>
          <button type="submit" className="btn btn-primary btn-sm" disabled={post.isPending}>
            <Send className="size-4" aria-hidden="true" /> {post.isPending ? 'Sending…' : 'Send'}
          </button>
        </div>
        {error && (
          <p id={`${fieldId}-error`} role="alert" className="text-sm text-error">
            {error}
          </p>
        )}
      </form>
    </section>
  );
}
