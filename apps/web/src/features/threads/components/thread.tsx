import type { ThreadSubject } from '@bulkwise/contracts';
import { MessageSquare } from 'lucide-react';
import { ErrorState } from '@/components/feedback/error-state';
import { Spinner } from '@/components/feedback/spinner';
import { useThread } from '../api/threads-api';
import { MessageForm } from './message-form';
import { ThreadMessages } from './thread-messages';

/** The conversation of a quote or an order between its buyer and its supplier. */
export function Thread({ subject, id }: { subject: ThreadSubject; id: string }) {
  const thread = useThread(subject, id);

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
        <ThreadMessages thread={thread.data} />
      )}
      <MessageForm subject={subject} id={id} />
    </section>
  );
}
