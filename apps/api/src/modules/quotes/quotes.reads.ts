import {
  QUOTE_PAGE_DEFAULT_LIMIT,
  QuoteListSchema,
  type QuoteList,
  type QuoteListQuery,
} from '@bulkwise/contracts';
import type { CachedResponse } from '../../lib/cache/cache';
import type { AuthUser } from '../auth/tokens';
import { decodeOrderCursor, encodeOrderCursor } from '../orders/orders.cursor';
import type { QuotesReadCache } from './quotes.cache';
import { toSummary } from './quotes.mapper';
import type { QuotesRepository } from './quotes.repository';
import { okSerializer } from '../../lib/http/routes';

/**
 * The quotes lists and the badge as served: serialised once per trader and kept (quotes.cache.ts) until a
 * write to their quotes or their quote threads, or until the clock reaches the next moment that changes
 * them (an offer ends, or comes within 24 hours of its end). Pages after the first are read every time.
 */
export function createQuoteReads(deps: {
  repository: QuotesRepository;
  clock: () => Date;
  reads: QuotesReadCache;
}) {
  const { repository, clock, reads } = deps;
  // Through the route's response schema, as an answer without the cache would be.
  const serializeList = okSerializer('/quotes', QuoteListSchema) as (list: QuoteList) => string;

  async function loadList(user: AuthUser, query: QuoteListQuery) {
    const now = clock();
    const cursor = query.cursor === undefined ? undefined : decodeOrderCursor(query.cursor);
    const limit = query.limit ?? QUOTE_PAGE_DEFAULT_LIMIT;
    const [page, counts, changes] = await Promise.all([
      repository.page(user.uid, query.as, now, limit, query.status, cursor),
      repository.counts(user.uid, query.as, now),
      repository.clockChanges(user.uid, query.as, now),
    ]);
    const last = page.rows.at(-1);
    const list: QuoteList = {
      items: page.rows.map((r) => toSummary(r, query.as, now)),
      counts,
      nextCursor:
        page.hasMore && last
          ? encodeOrderCursor({ purchasedAtCursor: last.activityCursor, id: last.id })
          : null,
    };
    const until = Math.min(changes.offerEnds, changes.offerNears);
    return { body: serializeList(list), valid: { from: now.getTime(), until } };
  }

  return {
    list(user: AuthUser, query: QuoteListQuery): Promise<CachedResponse> {
      const limit = query.limit ?? QUOTE_PAGE_DEFAULT_LIMIT;
      const key = JSON.stringify(['list', user.uid, query.as, query.status ?? null, limit]);
      return reads.page(query.cursor, key, user.uid, () => loadList(user, query));
    },

    /** The badge: its count changes by the clock only when one of the buyer's live offers ends. */
    awaiting: (user: AuthUser): Promise<CachedResponse> =>
      reads.read(JSON.stringify(['awaiting', user.uid]), user.uid, async () => {
        const now = clock();
        const [count, changes] = await Promise.all([
          repository.awaiting(user.uid, now),
          repository.clockChanges(user.uid, 'buyer', now),
        ]);
        return {
          body: JSON.stringify({ count }),
          valid: { from: now.getTime(), until: changes.offerEnds },
        };
      }),
  };
}
export type QuoteReads = ReturnType<typeof createQuoteReads>;
