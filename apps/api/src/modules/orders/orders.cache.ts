import { createHash } from 'node:crypto';
import type { InvalidationBus } from '../../lib/cache/bus';
import { createResponseCache, type CachedResponse } from '../../lib/cache/cache';
import { uncached } from '../../lib/cache/http';

/**
 * What a cached read of one supplier's orders (a desk first page, the counts) is tagged with. The md5 of
 * the uid, as the database trigger writes it (migration 0009_orders_invalidation): a uid may contain the comma that separates
 * tags in a notification, a hash never does.
 */
export const ordersTag = (supplierUid: string) =>
  `orders:${createHash('md5').update(supplierUid).digest('hex')}`;

/**
 * THE call every write to orders makes once it has committed and before it answers (purchase, each move,
 * cancel through DELETE /cart/:id): it drops this process's cached desk pages and counts of that supplier.
 * Other API processes hear of the same commit from the database trigger (migration 0009_orders_invalidation).
 */
export type InvalidateOrders = (supplierUid: string | null) => void;

export const ordersInvalidator =
  (bus: Pick<InvalidationBus, 'invalidate'>): InvalidateOrders =>
  (supplierUid) => {
    if (supplierUid !== null) bus.invalidate([ordersTag(supplierUid)]);
  };

export interface Loaded {
  body: string;
  headers?: Record<string, string>;
}

/**
 * Serialised reads of suppliers' orders, kept until a change to that supplier's orders (no TTL). Concurrent
 * misses of one key share one load, so the requests that arrive after a change cost one count of the
 * supplier's orders, not one each; a request joins a load only when no invalidation came since it began,
 * so it never receives a value older than a write acknowledged before it arrived.
 */
export function createOrdersReadCache(
  bus: Pick<InvalidationBus, 'register'>,
  options: { maxBytes?: number } = {},
) {
  const cache = createResponseCache({ maxBytes: options.maxBytes ?? 16 * 2 ** 20 });
  bus.register(cache);
  const loading = new Map<string, { startedAt: number; promise: Promise<CachedResponse> }>();
  return {
    /** `alsoTags`: what else the answer depends on besides the supplier's orders (their products' stock). */
    read(
      key: string,
      supplierUid: string,
      load: () => Promise<Loaded>,
      alsoTags: readonly string[] = [],
    ): Promise<CachedResponse> {
      const hit = cache.get(key);
      if (hit) return Promise.resolve(hit);
      const startedAt = cache.begin();
      const running = loading.get(key);
      if (running?.startedAt === startedAt) return running.promise;
      const promise = load()
        .then(
          ({ body, headers }) =>
            cache.set(key, body, {
              tags: [ordersTag(supplierUid), ...alsoTags],
              startedAt,
              ...(headers ? { headers } : {}),
            }) ?? uncached(body, headers),
        )
        .finally(() => {
          if (loading.get(key)?.promise === promise) loading.delete(key);
        });
      loading.set(key, { startedAt, promise });
      return promise;
    },
    stats: () => cache.stats(),
  };
}
export type OrdersReadCache = ReturnType<typeof createOrdersReadCache>;
