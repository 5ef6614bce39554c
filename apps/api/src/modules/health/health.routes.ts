import { ClientConfigSchema, type ClientConfig } from '@bulkwise/contracts';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';

const HealthSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['ok', 'unavailable']),
  databaseKind: z.enum(['pglite', 'postgres']),
  /** Which process answered: the launcher only calls a start ready when it is the one it started. */
  instance: z.string(),
});

export const healthRoutes: FastifyPluginAsyncZod<{ database: Database; clientConfig: ClientConfig; instanceId: string }> = async (
  app,
  { database, clientConfig, instanceId },
) => {
  app.get(
    '/health',
    { schema: { tags: ['health'], response: { 200: HealthSchema, 503: HealthSchema } } },
    async (_req, reply) => {
      // A ping that cannot answer in 2 s counts as down: health checks must not hang with the database.
      const ok = await Promise.race([
        database.ping().then(
          () => true,
          () => false,
        ),
        new Promise<boolean>((resolve) => setTimeout(resolve, 2_000, false).unref()),
      ]);
      const state = ok ? 'ok' : 'unavailable';
      return reply
        .status(ok ? 200 : 503)
        .send({ status: state, database: state, databaseKind: database.kind, instance: instanceId });
    },
  );

  app.get(
    '/config',
    { schema: { tags: ['health'], response: { 200: ClientConfigSchema } } },
    async (_req, reply) => {
      reply.header('cache-control', 'no-cache');
      return clientConfig;
    },
  );
};
