import type { ThreadSubject } from '@bulkwise/contracts';
import { MessageSquare } from 'lucide-react';
import { useId, useState } from 'react';
import { useUnreadOf } from '../api/threads-api';
import { Thread } from './thread';

/** A Messages button with the unread count that opens the thread in place (orders desk, My Cart). */
export function ThreadToggle({ subject, id }: { subject: ThreadSubject; id: string }) {
  const [open, setOpen] = useState(false);
  const unread = useUnreadOf(subject, id);
  const panelId = useId();
  return (
    <div className="flex flex-col gap-2">
      <button
        type="button"
        className="btn btn-ghost btn-sm self-start"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
      >
        <MessageSquare className="size-4" aria-hidden="true" />
        Messages
        {unread > 0 && (
          <span className="badge badge-sm border-0 bg-error text-error-content" data-testid="unread-badge">
            {unread}
            <span className="sr-only"> unread</span>
          </span>
        )}
      </button>
      <div id={panelId} hidden={!open}>
        {open && <Thread subject={subject} id={id} />}
      </div>
    </div>
  );
}
