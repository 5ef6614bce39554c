import { useUnread } from '../api/threads-api';

/** Unread messages on all the user's quote and order threads; nothing when none. */
export function UnreadBadge() {
  const unread = useUnread();
  const total = unread.data?.total ?? 0;
  if (total === 0) return null;
  return (
    <span className="badge badge-sm badge-info" data-testid="unread-messages-badge">
      {total > 99 ? '99+' : total}
      <span className="sr-only"> unread {total === 1 ? 'message' : 'messages'}</span>
    </span>
  );
}
