import { CountBadge } from '@/components/ui/count-badge';
import { useUnread } from '../api/threads-api';

/** Unread messages on all the user's quote and order threads; nothing when none. */
export function UnreadBadge() {
  const total = useUnread().data?.total ?? 0;
  const label = `unread ${total === 1 ? 'message' : 'messages'}`;
  return <CountBadge count={total} tone="info" label={label} testId="unread-messages-badge" />;
}
