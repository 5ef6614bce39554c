import { z } from 'zod';
import { isStorableText } from './field-rules';

/** What a thread belongs to: every quote and every order has one, between its buyer and its supplier. */
export const THREAD_SUBJECTS = ['quote', 'order'] as const;
export type ThreadSubject = (typeof THREAD_SUBJECTS)[number];

export const MESSAGE_TEXT_MAX = 2000;
/** Messages one user may post per minute, across all threads. */
export const MESSAGES_PER_MINUTE = 20;
/** At most one "new message" email per thread and recipient in this window. */
export const MESSAGE_EMAIL_EVERY_MS = 10 * 60 * 1000;

/**
 * The text is kept exactly as written (HTML, scripts and direction marks included) and only ever shown
 * as text. Length counts characters (code points), so an emoji is one.
 */
export const MessageBodySchema = z.object({
  text: z
    .string({ error: 'Message text is required' })
    .refine((v) => v.trim().length > 0, 'Message text is required')
    .refine(
      (v) => [...v].length <= MESSAGE_TEXT_MAX,
      `Message must be at most ${MESSAGE_TEXT_MAX} characters`,
    )
    .refine(isStorableText, 'Message contains characters that are not allowed'),
});
export type MessageBody = z.infer<typeof MessageBodySchema>;

export const MessageSchema = z.object({
  _id: z.string(),
  from: z.enum(['buyer', 'supplier']),
  text: z.string(),
  at: z.string(),
});
export type Message = z.infer<typeof MessageSchema>;

export const ThreadSchema = z.object({
  messages: z.array(MessageSchema),
  /** The caller's side. Reading the thread marks it read for them. */
  you: z.enum(['buyer', 'supplier']),
});
export type Thread = z.infer<typeof ThreadSchema>;

export const UnreadSchema = z.object({
  total: z.number().int(),
  threads: z.array(z.object({ subject: z.enum(THREAD_SUBJECTS), id: z.string(), unread: z.number().int() })),
});
export type Unread = z.infer<typeof UnreadSchema>;
