import { createHash } from 'node:crypto';
import type { InvalidationBus } from '../../lib/cache/bus';
import { createPartyReadCache } from '../../lib/cache/read-cache';

/**
 * What a cached read of one trader's quotes (a list's first page with its counts, the badge) is tagged
 * with, on either side: `quotes:` and the md5 of the uid, as the triggers of migration
 * 0028_quotes_invalidation write it (a uid may contain the comma that separates tags, a hash never does).
 */
export const quotesTag = (uid: string) => `quotes:${createHash('md5').update(uid).digest('hex')}`;

/**
 * THE call every write that changes what a quotes list shows makes once it has committed and before it
 * answers (each quote move, the sweep, a message or a read marker on a quote's thread), with the quote's
 * two parties. Other API processes hear of the same commit from the triggers (migration 0028).
 */
export type InvalidateQuotes = (...partyUids: string[]) => void;

export const quotesInvalidator =
  (bus: Pick<InvalidationBus, 'invalidate'>): InvalidateQuotes =>
  (...partyUids) => {
    if (partyUids.length > 0) bus.invalidate([...new Set(partyUids)].map(quotesTag));
  };

/**
 * Serialised first pages, counts and badges per trader, until a write to their quotes or until the
 * clock reaches the next offer end or 24-hour boundary that they depend on (the `valid` window of each
 * answer, measured on the server's clock).
 */
export const createQuotesReadCache = (bus: Pick<InvalidationBus, 'register'>, clock: () => Date) =>
  createPartyReadCache(bus, quotesTag, { now: () => clock().getTime() });
export type QuotesReadCache = ReturnType<typeof createQuotesReadCache>;
