import {
  MESSAGES_PER_MINUTE,
  type Message,
  type QuoteActor,
  type Thread,
  type ThreadSubject,
  type Unread,
} from '@bulkwise/contracts';
import type { Db } from '../../db/client';
import type { MessageRow } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import { isUuid } from '../../ids';
import type { AuthUser } from '../auth/tokens';
import { createOutboxRepository } from '../notifications/outbox.repository';
import { THREAD_MESSAGE_KIND, type ThreadMailPayload } from '../notifications/quote-templates';
import type { ThreadsRepository } from './threads.repository';

export interface Party {
  uid: string;
  name: string;
  email: string;
}
/** The two parties of a quote or an order, from the subject's own module; undefined: no such subject. */
export type PartiesOf = (id: string) => Promise<{ buyer: Party; supplier: Party } | undefined>;

const EXCERPT = 300;
const toMessage = (m: MessageRow): Message => ({
  _id: String(m.id),
  from: m.from,
  text: m.text,
  at: m.at.toISOString(),
});

/** The other party's email about a new message, on the message's transaction. */
async function mailMessage(
  tx: Db,
  subject: ThreadSubject,
  subjectId: string,
  parties: { buyer: Party; supplier: Party },
  you: QuoteActor,
  text: string,
) {
  const to = you === 'buyer' ? 'supplier' : 'buyer';
  const payload: ThreadMailPayload = {
    subject,
    subjectId,
    toName: parties[to].name,
    fromName: parties[you].name,
    excerpt: [...text].slice(0, EXCERPT).join(''),
  };
  await createOutboxRepository(tx).enqueue({
    kind: THREAD_MESSAGE_KIND,
    recipientUid: parties[to].uid,
    recipientEmail: parties[to].email,
    payload,
  });
}

export function createThreadsService(deps: {
  repository: ThreadsRepository;
  parties: Record<ThreadSubject, PartiesOf>;
  clock: () => Date;
  /** After a committed message or read marker: what the parties' lists show (unread) has changed. */
  changed: (subject: ThreadSubject, parties: { buyer: Party; supplier: Party }) => void;
}) {
  const { repository, clock } = deps;

  /** The subject's parties and the caller's side; 404 for anyone else (and for an unknown subject). */
  async function side(user: AuthUser, subject: ThreadSubject, id: string) {
    const parties = isUuid(id) ? await deps.parties[subject](id) : undefined;
    if (parties?.buyer.uid === user.uid) return { parties, you: 'buyer' as QuoteActor };
    if (parties?.supplier.uid === user.uid) return { parties, you: 'supplier' as QuoteActor };
    throw notFound(subject === 'quote' ? 'Quote' : 'Order');
  }

  return {
    /** The thread, oldest first; reading it marks every message in it read for the caller. */
    async read(user: AuthUser, subject: ThreadSubject, id: string): Promise<Thread> {
      const { parties, you } = await side(user, subject, id);
      const thread = await repository.find(subject, id);
      if (!thread) return { messages: [], you };
      const rows = await repository.messages(thread.id);
      const last = rows.at(-1);
      if (last && (await repository.markRead(thread.id, you, last.id))) deps.changed(subject, parties);
      return { messages: rows.map(toMessage), you };
    },

    /** Stored as written; the other party hears by email at most once per thread per 10 minutes. */
    async post(user: AuthUser, subject: ThreadSubject, id: string, text: string): Promise<Message> {
      const { parties, you } = await side(user, subject, id);
      const now = clock();
      if ((await repository.postedSince(user.uid, new Date(now.getTime() - 60_000))) >= MESSAGES_PER_MINUTE)
        throw new AppError('RATE_LIMITED', `You can send at most ${MESSAGES_PER_MINUTE} messages a minute`);
      const thread = await repository.ensure(subject, id, parties.buyer.uid, parties.supplier.uid);
      const posted = await repository.transaction(async (q, tx) => {
        const row = await q.insert({ threadId: thread.id, from: you, authorUid: user.uid, text, at: now });
        // The writer has read their own thread up to here.
        await q.markRead(thread.id, you, row.id);
        const to = you === 'buyer' ? 'supplier' : 'buyer';
        if (await q.claimEmail(thread.id, to, now)) await mailMessage(tx, subject, id, parties, you, text);
        return toMessage(row);
      });
      deps.changed(subject, parties);
      return posted;
    },

    async unread(user: AuthUser): Promise<Unread> {
      const threads = await repository.unread(user.uid);
      return { total: threads.reduce((sum, t) => sum + t.unread, 0), threads };
    },
  };
}
export type ThreadsService = ReturnType<typeof createThreadsService>;
