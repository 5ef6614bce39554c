import type { InvalidationBus } from './bus';
import { createResponseCache, type CachedResponse } from './cache';

export interface Loaded {
  body: string;
  headers?: Record<string, string>;
}

/**
 * Serialised reads of one party's data (a supplier's desk, a trader's invoices), each tagged `tagOf(party)`
 * and kept until a write drops that tag, here or (by NOTIFY) on another instance. Concurrent misses of one
 * key share one load (`fill`), so the requests that arrive after a change cost one read, not one each; a
 * request joins a load only when no invalidation came since it began, so it never receives a value older
 * than a write acknowledged before it arrived.
 */
export function createPartyReadCache(
  bus: Pick<InvalidationBus, 'register'>,
  tagOf: (party: string) => string,
  options: { maxBytes?: number } = {},
) {
  const cache = createResponseCache({ maxBytes: options.maxBytes ?? 16 * 2 ** 20 });
  bus.register(cache);
  return {
    read: (key: string, party: string, load: () => Promise<Loaded>): Promise<CachedResponse> =>
      cache.fill(key, async () => ({ ...(await load()), tags: [tagOf(party)] })),
    stats: () => cache.stats(),
  };
}
export type PartyReadCache = ReturnType<typeof createPartyReadCache>;
