import { Redis } from 'ioredis';

/**
 * The Redis connection every instance shares (rate limits). Built never to hold a request up: commands
 * fail at once while disconnected (no offline queue) and after `commandTimeout` when Redis stops
 * answering, and the client reconnects by itself for as long as the process runs.
 */
export function connectRedis(
  url: string,
  options: { keyPrefix: string; log?: (msg: string, err?: unknown) => void },
) {
  const log = options.log ?? (() => {});
  const redis = new Redis(url, {
    keyPrefix: options.keyPrefix,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    // Generous: a busy event loop fires this timer before it reads a reply already waiting in the socket,
    // and each false timeout lets a request past the shared limit.
    commandTimeout: 1_000,
    connectTimeout: 1_000,
    lazyConnect: false,
    retryStrategy: (times) => Math.min(100 * times, 1_000),
  });
  let up = false;
  redis.on('ready', () => {
    if (!up) log('redis connected: rate limits are shared by every instance');
    up = true;
  });
  redis.on('error', (err) => {
    if (up) log('redis unreachable: rate limits are per instance until it is back', err);
    up = false;
  });
  redis.on('close', () => {
    if (up) log('redis connection closed: rate limits are per instance until it is back');
    up = false;
  });
  return redis;
}
export type { Redis };
