import { createHash } from 'node:crypto';

/** A response as served from memory: the body serialised once through the route's response schema. */
export interface CachedResponse {
  body: string;
  /** Strong validator of `body`, for If-None-Match. */
  etag: string;
  headers?: Record<string, string>;
  /** The body compressed once, on the first request that accepts it (see http.ts). */
  encoded?: { br?: Buffer; gzip?: Buffer; identity?: Buffer };
  /** Not kept (caching off or an uncacheable query): compressed per response by @fastify/compress. */
  transient?: boolean;
  /**
   * Kept entries: counts bytes kept with the entry after `set` (its compressed copies) against the
   * cache's limit, which may evict the least recently used others.
   */
  grow?(bytes: number): void;
}

export interface CacheStats {
  hits: number;
  misses: number;
  entries: number;
  bytes: number;
  maxBytes: number;
  /** False while the bus cannot vouch for freshness: nothing is served or stored. */
  enabled: boolean;
}

export const etagOf = (body: string) => `"${createHash('sha1').update(body).digest('base64url')}"`;

/** For a body that is not kept (an uncacheable query, or caching is off): the same headers and 304s. */
export const uncached = (body: string, headers?: Record<string, string>): CachedResponse => ({
  body,
  etag: etagOf(body),
  transient: true,
  ...(headers ? { headers } : {}),
});

type Entry = CachedResponse & { tags: string[]; size: number; until?: Validity };

/**
 * For an answer that depends on the time (a list by the clock): the clock times, in ms, between which it
 * stays true; outside them the entry is a miss. `from` is when it was read, so a clock set back (tests)
 * never gets an answer of a later time.
 */
export interface Validity {
  from: number;
  until: number;
}

/**
 * Serialised responses in memory, each with tags naming what it was read from (`product:<id>`), dropped
 * exactly when a write changes one of those. A tag `<kind>:*` marks an entry that depends on every row
 * of that kind (a listing page, the category counts): any `<kind>:<id>` invalidates it.
 *
 * A read that began before an invalidation and finishes after it may hold the old value, so `begin()`
 * hands out the generation at the start of a read and `set()` refuses an entry read in an older one.
 * While `enabled` is false (the bus lost its connection and may have missed invalidations) nothing is
 * served from or stored in memory.
 *
 * `maxBytes` bounds every byte kept: the body and the compressed copies made of it later (`grow`).
 * Beyond it the least recently used entries go first (a hit moves its entry to the back), so the pages
 * buyers keep reading stay while one-off reads pass through. Concurrent misses of one key share one
 * load (`fill`).
 */
export function createResponseCache(options: { maxBytes?: number; now?: () => number } = {}) {
  const maxBytes = options.maxBytes ?? 32 * 2 ** 20;
  const now = options.now ?? Date.now;
  const current = (entry: Entry) => {
    if (!entry.until) return true;
    const at = now();
    return at >= entry.until.from && at < entry.until.until;
  };
  // Iteration order is recency: a hit re-inserts its key, so the first keys are the least recently used.
  const entries = new Map<string, Entry>();
  // A tag read by one entry (a product page's own tag) holds that key itself, not a Set: with the whole
  // catalog cached that is 100,000 Sets fewer for the garbage collector to walk.
  const byTag = new Map<string, string | Set<string>>();
  const keysOf = (tag: string): string[] => {
    const keys = byTag.get(tag);
    return keys === undefined ? [] : typeof keys === 'string' ? [keys] : [...keys];
  };
  let bytes = 0;
  let generation = 0;
  let enabled = true;
  const stats = { hits: 0, misses: 0 };

  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    bytes -= entry.size;
    entries.delete(key);
    for (const tag of entry.tags) {
      const keys = byTag.get(tag);
      if (keys === key) byTag.delete(tag);
      else if (typeof keys === 'object') {
        keys.delete(key);
        if (keys.size === 0) byTag.delete(tag);
      }
    }
  };

  const clear = () => {
    generation++;
    entries.clear();
    byTag.clear();
    bytes = 0;
  };

  /** Evicts the least recently used entries (never `keep`) until everything fits. */
  const evictFor = (keep: string) => {
    for (const key of entries.keys()) {
      if (bytes <= maxBytes) break;
      if (key !== keep) remove(key);
    }
  };

  /** Loads running now, by key, with the generation they started in. */
  const loading = new Map<string, { startedAt: number; answer: Promise<CachedResponse> }>();

  // Told when the cache was emptied as a whole while serving, so a warm-up can fill it again.
  const emptiedListeners = new Set<() => void>();
  const emptied = () => {
    if (enabled) for (const listener of emptiedListeners) listener();
  };

  const isPast = (answer: CachedResponse) => !current(answer as Entry);

  const cache = {
    begin: () => generation,
    get(key: string): CachedResponse | undefined {
      let entry = enabled ? entries.get(key) : undefined;
      if (entry && !current(entry)) {
        remove(key);
        entry = undefined;
      }
      if (entry) {
        stats.hits++;
        entries.delete(key);
        entries.set(key, entry);
      } else stats.misses++;
      return entry;
    },
    set(
      key: string,
      body: string,
      opts: { tags: string[]; startedAt: number; headers?: Record<string, string>; valid?: Validity },
    ) {
      if (!enabled || opts.startedAt !== generation || body.length > maxBytes / 4) return undefined;
      remove(key);
      const entry: Entry = {
        body,
        etag: etagOf(body),
        tags: opts.tags,
        size: body.length,
        ...(opts.headers ? { headers: opts.headers } : {}),
        ...(opts.valid ? { until: opts.valid } : {}),
        grow(added: number) {
          // Dropped meanwhile (invalidated, evicted): nothing of it is counted any more.
          if (entries.get(key) !== entry) return;
          entry.size += added;
          bytes += added;
          evictFor(key);
        },
      };
      entries.set(key, entry);
      bytes += entry.size;
      evictFor(key);
      for (const tag of opts.tags) {
        const keys = byTag.get(tag);
        if (keys === undefined) byTag.set(tag, key);
        else if (typeof keys === 'object') keys.add(key);
        else if (keys !== key) byTag.set(tag, new Set([keys, key]));
      }
      return entry;
    },
    /**
     * The kept answer for `key`, or the one `read` makes, kept unless a write happened meanwhile. A miss
     * while another request for the same key is loading, in the same generation, waits for that load
     * instead of running its own: a burst of buyers on a cold page costs one query. One that arrives
     * after an invalidation starts its own, so it never gets an answer read before the write it follows.
     */
    fill(
      key: string,
      read: () => Promise<{
        body: string;
        tags: string[];
        headers?: Record<string, string>;
        valid?: Validity;
      }>,
    ): Promise<CachedResponse> {
      const kept = cache.get(key);
      if (kept) return Promise.resolve(kept);
      const running = loading.get(key);
      // A shared load whose answer the clock has passed by the time it arrives is read again.
      if (running && running.startedAt === generation)
        return running.answer.then((shared) => (isPast(shared) ? cache.fill(key, read) : shared));
      const startedAt = generation;
      const answer = read()
        .then(
          ({ body, tags, headers, valid }) =>
            cache.set(key, body, { tags, startedAt, headers, valid }) ??
            Object.assign(uncached(body, headers), valid ? { until: valid } : {}),
        )
        .finally(() => {
          if (loading.get(key)?.answer === answer) loading.delete(key);
        });
      loading.set(key, { startedAt, answer });
      return answer;
    },
    /** Drops every entry read from one of `tags`; `'*'` drops everything. */
    invalidate(tags: readonly string[]) {
      generation++;
      for (const tag of tags) {
        if (tag === '*') {
          clear();
          emptied();
          return;
        }
        const wildcard = `${tag.slice(0, tag.indexOf(':') + 1)}*`;
        for (const t of [tag, wildcard]) for (const key of keysOf(t)) remove(key);
      }
    },
    /** Off: forget everything and serve nothing from memory until turned on again (after a fresh clear). */
    setEnabled(on: boolean) {
      const was = enabled;
      clear();
      enabled = on;
      if (on && !was) emptied();
    },
    /** `listener` runs each time the cache is emptied as a whole (`'*'`, or turned back on); returns an unsubscribe. */
    onEmptied(listener: () => void): () => void {
      emptiedListeners.add(listener);
      return () => emptiedListeners.delete(listener);
    },
    stats: (): CacheStats => ({ ...stats, entries: entries.size, bytes, maxBytes, enabled }),
  };
  return cache;
}
export type ResponseCache = ReturnType<typeof createResponseCache>;
