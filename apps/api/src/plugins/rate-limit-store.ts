import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import LocalStore from '@fastify/rate-limit/store/LocalStore.js';
import RedisStore from '@fastify/rate-limit/store/RedisStore.js';
import type { Redis } from 'ioredis';

type Incr = FastifyRateLimitStore['incr'];
type RouteOptions = Parameters<FastifyRateLimitStore['child']>[0];
interface StoreParams {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
  cache?: number;
}

/**
 * A rate-limit store shared through Redis that falls back to this process's memory whenever Redis
 * cannot answer (down, restarting, too slow): a request is never refused or failed because of Redis,
 * the limit just holds per instance for that moment, and the next request tries Redis again.
 */
export function failoverStore(redis: Redis, namespace = 'rate-limit:') {
  return class FailoverStore implements FastifyRateLimitStore {
    private readonly shared: FastifyRateLimitStore;
    private readonly local: FastifyRateLimitStore;

    constructor(params: StoreParams, shared?: FastifyRateLimitStore, local?: FastifyRateLimitStore) {
      const continueExceeding = params.continueExceeding ?? false;
      const exponentialBackoff = params.exponentialBackoff ?? false;
      this.shared = shared ?? new RedisStore(continueExceeding, exponentialBackoff, redis, namespace);
      this.local = local ?? new LocalStore(continueExceeding, exponentialBackoff, params.cache);
    }

    incr: Incr = (key, callback, timeWindow, max) => {
      if (redis.status !== 'ready') return this.local.incr(key, callback, timeWindow, max);
      this.shared.incr(
        key,
        (err, result) => (err ? this.local.incr(key, callback, timeWindow, max) : callback(null, result)),
        timeWindow,
        max,
      );
    };

    child(routeOptions: RouteOptions): FastifyRateLimitStore {
      return new FailoverStore(
        routeOptions as StoreParams,
        this.shared.child(routeOptions),
        this.local.child(routeOptions),
      );
    }
  };
}
