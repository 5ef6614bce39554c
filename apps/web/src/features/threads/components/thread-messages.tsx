import type { Thread as MessageThread } from '@bulkwise/contracts';

const timeOf = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * The messages, the viewer's on the right. They are rendered as text (React escapes them), isolated
 * for direction so a right-to-left override cannot flip the text around them, and wrapped whatever
 * their length.
 */
export function ThreadMessages({ thread }: { thread: MessageThread }) {
  return (
    <ol
      className="flex max-h-96 flex-col gap-2 overflow-y-auto"
      aria-live="polite"
      data-testid="thread-messages"
    >
      {thread.messages.map((m) => {
        const mine = m.from === thread.you;
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
  );
}
