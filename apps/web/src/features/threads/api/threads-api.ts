import { MessageSchema, ThreadSchema, UnreadSchema, type ThreadSubject } from '@bulkwise/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { threadKeys } from './keys';

const url = (subject: ThreadSubject, id: string) => `/${subject}s/${encodeURIComponent(id)}/messages`;

/** GET the thread (which marks it read), polled while open so replies show up. */
export function useThread(subject: ThreadSubject, id: string) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: threadKeys.thread(subject, id),
    queryFn: async ({ signal }) => {
      const thread = await api.get(url(subject, id), ThreadSchema, { signal });
      void queryClient.invalidateQueries({ queryKey: threadKeys.unread() });
      return thread;
    },
    refetchInterval: 15_000,
  });
}

export function usePostMessage(subject: ThreadSubject, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => api.post(url(subject, id), { text }, MessageSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: threadKeys.thread(subject, id) }),
  });
}

/** The user's unread messages per thread (badges on orders, quotes and the navigation). */
export function useUnread(enabled = true) {
  return useQuery({
    queryKey: threadKeys.unread(),
    queryFn: ({ signal }) => api.get('/messages/unread', UnreadSchema, { signal }),
    refetchInterval: 60_000,
    enabled,
  });
}

export function useUnreadOf(subject: ThreadSubject, id: string): number {
  const unread = useUnread();
  return unread.data?.threads.find((t) => t.subject === subject && t.id === id)?.unread ?? 0;
}
