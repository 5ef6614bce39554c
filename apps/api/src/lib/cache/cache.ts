import { createHash } from 'node:crypto';
import { createEntryStore, entryBytes } from './entries';
import { createInvalidationLog, wildcardOf, type InvalidationLog } from './invalidation-log';

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

type Loaded = { body: string; tags: string[]; headers?: Record<string, string>; valid?: Validity };

/**
 * What an entry costs besides its body and copies: the entry object, its ETag, key and tag strings, and
 * the store's and tag index's map slots. Measured at a million products (bench:scale): 191,000 kept
 * product pages of about 600 characters took 281 MB of heap after a full GC, against 45 MB for the
 * API with none kept, so about 1,235 bytes each, 630 of them besides the body.
 */
export const ENTRY_OVERHEAD_BYTES = 630;

/** What the parts of one cache share. */
interface CacheState {
  store: ReturnType<typeof createEntryStore<Entry>>;
  maxBytes: number;
  entryOverhead: number;
  /** Whether an entry's validity (if any) holds now. */
  current: (entry: Entry) => boolean;
  /** The generation (one per invalidation) and the latest invalidations' tags. */
  log: InvalidationLog;
  enabled: boolean;
  stats: { hits: number; misses: number };
  // Told when the cache was emptied as a whole while serving, so a warm-up can fill it again.
  emptiedListeners: Set<() => void>;
}

/** Reading and keeping entries. */
function entryAccess(state: CacheState) {
  const { store } = state;
  return {
    begin: () => state.log.generation,
    get(key: string): CachedResponse | undefined {
      let entry = state.enabled ? store.get(key) : undefined;
      if (entry && !state.current(entry)) {
        store.remove(key);
        entry = undefined;
      }
      if (entry) {
        state.stats.hits++;
        store.touch(key, entry);
      } else state.stats.misses++;
      return entry;
    },
    set(
      key: string,
      body: string,
      opts: { tags: string[]; startedAt: number; headers?: Record<string, string>; valid?: Validity },
    ) {
      const size = entryBytes(body, opts.tags, state.entryOverhead);
      if (!state.enabled || state.log.droppedSince(opts.startedAt, opts.tags) || size > state.maxBytes / 4)
        return undefined;
      store.remove(key);
      const entry: Entry = {
        body,
        etag: etagOf(body),
        tags: opts.tags,
        size,
        ...(opts.headers ? { headers: opts.headers } : {}),
        ...(opts.valid ? { until: opts.valid } : {}),
        // Dropped meanwhile (invalidated, evicted): nothing of it is counted any more.
        grow: (added: number) => store.grow(key, entry, added),
      };
      store.add(key, entry);
      return entry;
    },
  };
}

/** Dropping entries: by tag, all of them, or while the cache is off. */
function invalidation(state: CacheState) {
  const clear = () => {
    state.log.record(['*']);
    state.store.clear();
  };
  const emptied = () => {
    if (state.enabled) for (const listener of state.emptiedListeners) listener();
  };
  return {
    /** Drops every entry read from one of `tags`; `'*'` drops everything. */
    invalidate(tags: readonly string[]) {
      if (tags.includes('*')) {
        clear();
        emptied();
        return;
      }
      state.log.record(tags);
      for (const tag of tags) {
        for (const t of [tag, wildcardOf(tag)]) state.store.removeTagged(t);
      }
    },
    /** Off: forget everything and serve nothing from memory until turned on again (after a fresh clear). */
    setEnabled(on: boolean) {
      const was = state.enabled;
      clear();
      state.enabled = on;
      if (on && !was) emptied();
    },
    /** `listener` runs each time the cache is emptied as a whole (`'*'`, or turned back on); returns an unsubscribe. */
    onEmptied(listener: () => void): () => void {
      state.emptiedListeners.add(listener);
      return () => state.emptiedListeners.delete(listener);
    },
    stats: (): CacheStats => ({
      ...state.stats,
      entries: state.store.size(),
      bytes: state.store.bytes(),
      maxBytes: state.maxBytes,
      enabled: state.enabled,
    }),
  };
}

/**
 * The kept answer for `key`, or the one `read` makes, kept unless a write happened meanwhile. A miss
 * while another request for the same key is loading, in the same generation, waits for that load
 * instead of running its own: a burst of buyers on a cold page costs one query. One that arrives
 * after an invalidation starts its own, so it never gets an answer read before the write it follows.
 */
function sharedLoads(cache: ReturnType<typeof entryAccess>, current: (entry: Entry) => boolean) {
  /** Loads running now, by key, with the generation they started in. */
  const loading = new Map<string, { startedAt: number; answer: Promise<CachedResponse> }>();
  const isPast = (answer: CachedResponse) => !current(answer as Entry);
  return function fill(key: string, read: () => Promise<Loaded>): Promise<CachedResponse> {
    const kept = cache.get(key);
    if (kept) return Promise.resolve(kept);
    const running = loading.get(key);
    // A shared load whose answer the clock has passed by the time it arrives is read again.
    if (running && running.startedAt === cache.begin())
      return running.answer.then((shared) => (isPast(shared) ? fill(key, read) : shared));
    const startedAt = cache.begin();
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
  };
}

/**
 * Serialised responses in memory, each with tags naming what it was read from (`product:<id>`), dropped
 * exactly when a write changes one of those. A tag `<kind>:*` marks an entry that depends on every row
 * of that kind (a listing page, the category counts): any `<kind>:<id>` invalidates it.
 *
 * A read that began before an invalidation and finishes after it may hold the old value, so `begin()`
 * hands out the generation at the start of a read and `set()` refuses an entry when an invalidation since
 * then named one of its tags (invalidation-log.ts).
 * While `enabled` is false (the bus lost its connection and may have missed invalidations) nothing is
 * served from or stored in memory.
 *
 * `maxBytes` bounds every byte kept: the body, the compressed copies made of it later (`grow`) and the
 * entry's own objects (`entryOverhead`, ENTRY_OVERHEAD_BYTES unless a test counts bodies alone).
 * Beyond it the least recently used entries go first (a hit moves its entry to the back), so the pages
 * buyers keep reading stay while one-off reads pass through. Concurrent misses of one key share one
 * load (`fill`).
 */
export function createResponseCache(
  options: { maxBytes?: number; now?: () => number; entryOverhead?: number } = {},
) {
  const maxBytes = options.maxBytes ?? 32 * 2 ** 20;
  const now = options.now ?? Date.now;
  const current = (entry: Entry) => {
    if (!entry.until) return true;
    const at = now();
    return at >= entry.until.from && at < entry.until.until;
  };
  const state: CacheState = {
    store: createEntryStore<Entry>(maxBytes),
    maxBytes,
    entryOverhead: options.entryOverhead ?? ENTRY_OVERHEAD_BYTES,
    current,
    log: createInvalidationLog(),
    enabled: true,
    stats: { hits: 0, misses: 0 },
    emptiedListeners: new Set(),
  };
  const access = entryAccess(state);
  return { ...access, fill: sharedLoads(access, current), ...invalidation(state) };
}
export type ResponseCache = ReturnType<typeof createResponseCache>;
