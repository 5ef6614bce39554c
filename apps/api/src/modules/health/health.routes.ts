import { ClientConfigSchema, type ClientConfig } from '@bulkwise/contracts';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { routeGroups, type RouteApp } from '../../lib/http/routes';

const HealthSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['ok', 'unavailable']),
  /** Which process answered: the launcher only calls a start ready when it is the one it started. */
  instance: z.string(),
});
const LiveSchema = z.object({ status: z.literal('ok') });
const ReadySchema = z.object({
  status: z.enum(['ready', 'draining', 'unavailable']),
  database: z.enum(['ok', 'unavailable']),
  /** Informational: without Redis the instance serves on with per-instance rate limits. */
  redis: z.enum(['ok', 'unavailable', 'none']),
});

export interface Lifecycle {
  /** Set on SIGTERM: the process finishes what it has but should get no new traffic. */
  draining: boolean;
}

/**
 * Balancers and orchestrators poll these: a probe refused by a rate limit or shed under load would
 * take a busy but healthy instance out of service, or get it restarted.
 */
const HEALTH_ROUTE = { rateLimit: false, loadShed: false } as const;

/** The options of every route here: never limited or shed, documented under `health`. */
const healthRoute = <R>(summary: string, response: R) => ({
  config: HEALTH_ROUTE,
  schema: { tags: ['health'], summary, response },
});

interface HealthOptions {
  database: Database;
  clientConfig: ClientConfig;
  /** Which process answered: the launcher only calls a start ready when it is the one it started. */
  instanceId: string;
  lifecycle: Lifecycle;
  redisState: () => 'ok' | 'unavailable' | 'none';
}

/** A ping that cannot answer in 2 s counts as down: health checks must not hang with the database. */
const databaseUp = (database: Database) =>
  Promise.race([
    database.ping().then(
      () => true,
      () => false,
    ),
    new Promise<boolean>((resolve) => setTimeout(resolve, 2_000, false).unref()),
  ]);

/** GET /health and the liveness probe. */
function statusRoutes(app: RouteApp, { database, instanceId }: HealthOptions) {
  app.get(
    '/health',
    healthRoute('Whether this instance and its database answer, and which instance it is', {
      200: HealthSchema,
      503: HealthSchema,
    }),
    async (_req, reply) => {
      const ok = await databaseUp(database);
      const state = ok ? 'ok' : 'unavailable';
      return reply.status(ok ? 200 : 503).send({ status: state, database: state, instance: instanceId });
    },
  );

  // For load balancers and orchestrators. Liveness: the process answers (restart it if not); it never
  // looks at the database, or an outage would restart every instance at once.
  app.get(
    '/health/live',
    healthRoute('Liveness: the process answers (restart it otherwise)', { 200: LiveSchema }),
    async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      return { status: 'ok' as const };
    },
  );
}

function readinessRoute(app: RouteApp, { database, lifecycle, redisState }: HealthOptions) {
  // Readiness: send traffic here. Fails while draining (after SIGTERM) and while the database is unreachable.
  app.get(
    '/health/ready',
    healthRoute('Readiness: 503 while draining or while the database is unreachable', {
      200: ReadySchema,
      503: ReadySchema,
    }),
    async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      const ok = await databaseUp(database);
      const state = { database: ok ? ('ok' as const) : ('unavailable' as const), redis: redisState() };
      if (lifecycle.draining) return reply.status(503).send({ status: 'draining', ...state });
      return reply.status(ok ? 200 : 503).send({ status: ok ? 'ready' : 'unavailable', ...state });
    },
  );
}

function configRoute(app: RouteApp, { clientConfig }: HealthOptions) {
  app.get(
    '/config',
    healthRoute('The public web configuration the SPA starts with (Firebase project)', {
      200: ClientConfigSchema,
    }),
    async (_req, reply) => {
      reply.header('cache-control', 'no-cache');
      return clientConfig;
    },
  );
}

export const healthRoutes = routeGroups(statusRoutes, readinessRoute, configRoute);
