import type { Database } from '../../db/client';
import type { Listener } from '../../db/listen';
import type { ResponseCache } from './cache';

/** The channel that the products trigger (migration 0002) and `publish` notify. */
export const INVALIDATION_CHANNEL = 'bulkwise_invalidate';

/**
 * Carries invalidations to every response cache of this process at once, and from every other API
 * process on the same database through PostgreSQL LISTEN/NOTIFY (docs/decisions/0010-many-instances.md).
 * Writes to products need no call to reach other processes: a trigger notifies when they commit. The
 * writing process must still call `invalidate` before it answers, because its own notification arrives
 * a moment after the commit and a read in that moment must not see the old value.
 *
 * While the listening connection is down, notifications can be lost, so every cache is turned off
 * (reads go to the database) until LISTEN is back; turning it on again starts from an empty cache.
 */
export function createInvalidationBus(options: { log?: (msg: string) => void } = {}) {
  const caches = new Set<ResponseCache>();
  let listener: Listener | undefined;
  let connected = false;
  let received = 0;

  const invalidate = (tags: readonly string[]) => {
    if (tags.length === 0) return;
    for (const cache of caches) cache.invalidate(tags);
  };

  return {
    register(cache: ResponseCache) {
      caches.add(cache);
      cache.setEnabled(connected);
    },
    /** Drops what was read from `tags` in this process, synchronously. */
    invalidate,
    /** Starts listening; resolves when the first LISTEN is in place (or failed: caches stay off meanwhile). */
    async start(database: Pick<Database, 'listen'>) {
      listener = database.listen(INVALIDATION_CHANNEL, {
        onMessage: (payload) => {
          received++;
          invalidate(payload === '*' ? ['*'] : payload.split(','));
        },
        onState: (up) => {
          connected = up;
          for (const cache of caches) cache.setEnabled(up);
          options.log?.(up ? 'cache invalidation bus connected: caches on' : 'cache invalidation bus disconnected: caches off');
        },
      });
      await listener.ready;
    },
    isConnected: () => connected,
    received: () => received,
    async close() {
      await listener?.close();
      listener = undefined;
      connected = false;
      for (const cache of caches) cache.setEnabled(false);
    },
  };
}
export type InvalidationBus = ReturnType<typeof createInvalidationBus>;
