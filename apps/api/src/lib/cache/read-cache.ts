import type { InvalidationBus } from './bus';
import { createResponseCache, uncached, type CachedResponse, type Validity } from './cache';

export interface Loaded {
  body: string;
  headers?: Record<string, string>;
  /** For an answer by the clock: the times it holds between (see Validity); without it, until a write. */
  valid?: Validity;
}

/**
 * Serialised reads of one party's data (a supplier's desk, a trader's quotes), each tagged `tagOf(party)`
 * and kept until a write drops that tag, here or (by NOTIFY) on another instance, or until the clock
 * leaves the answer's `valid` window. Concurrent misses of one key share one load, so the requests that
 * arrive after a change cost one read, not one each; a request joins a load only when no invalidation
 * came since it began, so it never receives a value older than a write acknowledged before it arrived.
 */
export function createPartyReadCache(
  bus: Pick<InvalidationBus, 'register'>,
  tagOf: (party: string) => string,
  options: { maxBytes?: number; now?: () => number } = {},
) {
  const cache = createResponseCache({ maxBytes: options.maxBytes ?? 16 * 2 ** 20, now: options.now });
  bus.register(cache);
  /** `alsoTags`: what else the answer depends on besides the party's own data (their products' stock). */
  const read = (
    key: string,
    party: string,
    load: () => Promise<Loaded>,
    alsoTags: readonly string[] = [],
  ): Promise<CachedResponse> =>
    cache.fill(key, async () => ({ ...(await load()), tags: [tagOf(party), ...alsoTags] }));
  return {
    read,
    /** A page of a list: the first one (no cursor) is kept like any read; later pages are read each time. */
    page: (cursor: string | undefined, key: string, party: string, load: () => Promise<Loaded>) =>
      cursor === undefined
        ? read(key, party, load)
        : load().then(({ body, headers }) => uncached(body, headers)),
    stats: () => cache.stats(),
  };
}
export type PartyReadCache = ReturnType<typeof createPartyReadCache>;
