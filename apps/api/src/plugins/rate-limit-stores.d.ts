// The two stores that @fastify/rate-limit ships but does not type; the failover store combines them.
declare module '@fastify/rate-limit/store/RedisStore.js' {
  import type { FastifyRateLimitStore } from '@fastify/rate-limit';
  const RedisStore: new (
    continueExceeding: boolean,
    exponentialBackoff: boolean,
    redis: unknown,
    key?: string,
  ) => FastifyRateLimitStore;
  export default RedisStore;
}
declare module '@fastify/rate-limit/store/LocalStore.js' {
  import type { FastifyRateLimitStore } from '@fastify/rate-limit';
  const LocalStore: new (
    continueExceeding: boolean,
    exponentialBackoff: boolean,
    cache?: number,
  ) => FastifyRateLimitStore;
  export default LocalStore;
}
