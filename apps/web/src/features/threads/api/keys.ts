import type { ThreadSubject } from '@bulkwise/contracts';

export const threadKeys = {
  all: ['threads'] as const,
  unread: () => [...threadKeys.all, 'unread'] as const,
  thread: (subject: ThreadSubject, id: string) => [...threadKeys.all, subject, id] as const,
};
