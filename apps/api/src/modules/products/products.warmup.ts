import type { Product } from '@bulkwise/contracts';
import type { ResponseCache } from '../../lib/cache/cache';
import { productPageTags } from './products.cache';

export interface WarmUpOptions {
  cache: ResponseCache;
  /** Public products in id order after `afterId`. */
  scan: (afterId: string | undefined, limit: number) => Promise<Product[]>;
  serialize: (product: Product) => string;
  log: (msg: string, err?: unknown) => void;
  batch?: number;
  /** Stop when the cache is this full: the rest of its room is for listings' misses and re-reads. */
  fill?: number;
}

/**
 * Reads the catalog into the product-page cache, batch by batch, after the server starts listening.
 * Buyers open products at random; without this, each first read of a product asks the database (a
 * catalog of 100,000 is mostly first reads for hours). Safe against writes: a batch is stored with
 * the cache generation taken before its query, so a product a write changed while the batch was read
 * is refused (`set` returns undefined) and read on demand instead; the rest of the batch is kept.
 */
export function warmProductCache(options: WarmUpOptions) {
  const { cache, scan, serialize, log, batch = 1000, fill = 0.9 } = options;
  let stopped = false;
  const done = (async () => {
    let afterId: string | undefined;
    let stored = 0;
    const started = Date.now();
    while (!stopped) {
      const { bytes, maxBytes, enabled } = cache.stats();
      // Turned off (the bus lost its listener): nothing could be stored; turning it on warms again.
      if (!enabled || bytes >= maxBytes * fill) break;
      const startedAt = cache.begin();
      let rows: Product[];
      try {
        rows = await scan(afterId, batch);
      } catch (err) {
        log('product cache warm-up stopped: the database did not answer', err);
        break;
      }
      for (const product of rows) {
        if (cache.set(product._id, serialize(product), { tags: productPageTags(product._id), startedAt }))
          stored++;
      }
      if (rows.length < batch) break;
      afterId = rows[rows.length - 1]!._id;
      // Let requests in between batches: the warm-up must not delay the first buyers.
      await new Promise((resolve) => setImmediate(resolve));
    }
    if (!stopped) log(`product cache warmed: ${stored} products in ${Date.now() - started} ms`);
    return stored;
  })();
  return {
    done,
    stop() {
      stopped = true;
    },
  };
}

/**
 * Warms the cache now and again each time it is emptied as a whole while serving: the bus drops
 * everything when its listener comes back after an outage, when another instance vanished without
 * saying so, and after a write too large to name its products. Without this, every product would be
 * a first read again until the next restart. A new warm-up replaces one still running.
 */
export function keepProductCacheWarm(options: WarmUpOptions) {
  let current = warmProductCache(options);
  let stopped = false;
  const unsubscribe = options.cache.onEmptied(() => {
    if (stopped) return;
    current.stop();
    current = warmProductCache(options);
  });
  return {
    /** The warm-up running now (or the last one). */
    get done() {
      return current.done;
    },
    stop() {
      stopped = true;
      unsubscribe();
      current.stop();
    },
  };
}
