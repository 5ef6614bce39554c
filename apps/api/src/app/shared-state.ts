import type { FastifyInstance } from 'fastify';
import type { Config } from '../config/env';
import type { Database } from '../db/client';
import { createInvalidationBus } from '../lib/cache/bus';
import { watchForPeers } from '../lib/instances/peers';
import { connectRedis } from '../lib/redis/redis';
import { expandWordTags } from '../modules/products/search.tags';

/**
 * Shared state of many instances: rate limits in Redis (optional), cache invalidation via PostgreSQL.
 * Everything it opens is closed with the app.
 */
export async function connectSharedState(app: FastifyInstance, config: Config, database: Database) {
  const redis = config.redisUrl
    ? connectRedis(config.redisUrl, {
        keyPrefix: config.redisKeyPrefix,
        log: (msg, err) => app.log.warn({ err }, msg),
      })
    : undefined;
  const perInstanceLimits = 'without REDIS_URL: rate limits are per instance (each allows the full limit)';
  if (!redis && config.instances > 1) app.log.warn(`INSTANCES=${config.instances} ${perInstanceLimits}`);
  const peers =
    !redis && config.instances === 1
      ? watchForPeers({
          database,
          onPeer: () => app.log.warn(`another API instance runs on this database ${perInstanceLimits}`),
          log: (msg, err) => app.log.debug({ err }, msg),
        })
      : undefined;
  const bus = createInvalidationBus({
    log: (msg) => app.log.info(msg),
    warn: (msg, err) => app.log.warn({ err }, msg),
    expandTags: expandWordTags,
  });
  await bus.start(database);
  app.addHook('onClose', async () => {
    await bus.close();
    await peers?.close();
    redis?.disconnect();
  });
  return { redis, bus };
}

export type SharedState = Awaited<ReturnType<typeof connectSharedState>>;
