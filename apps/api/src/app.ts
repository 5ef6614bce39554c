import { constants as zlib } from 'node:zlib';
import compress from '@fastify/compress';
import swagger from '@fastify/swagger';
import { openApiOptions } from './plugins/openapi';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from './app/deps';
import type { WiringContext } from './app/context';
import { registerPublicRoutes, registerWebApp, securedRoutes } from './app/routes';
import { createCoreServices, createDomainServices } from './app/services';
import { connectSharedState } from './app/shared-state';
import type { Config } from './config/env';
import type { Redis } from './lib/redis/redis';
import { createTokenService } from './modules/auth/tokens';
import type { Lifecycle } from './modules/health/health.routes';
import { imageFileRoutes } from './modules/images/images.routes';
import { sitemapRoutes } from './modules/pages/sitemap.routes';
import { createSitemapRepository } from './modules/pages/sitemap.repository';
import { authPlugin } from './plugins/auth';
import { errorHandlerPlugin, frameworkErrors } from './plugins/error-handler';
import { loadSheddingPlugin } from './plugins/load-shedding';
import { requestLogPlugin } from './plugins/request-log';
import { securityPlugin } from './plugins/security';
import { startMemoryReport } from './lib/memory-report';

export type { AppDeps } from './app/deps';

declare module 'fastify' {
  interface FastifyInstance {
    /** server.ts marks the instance as draining on SIGTERM, so readiness fails before the socket closes. */
    lifecycle: Lifecycle;
  }
}

// Text (JS, CSS, SVG, JSON lists) shrinks 70-80 %; a low Brotli quality keeps the CPU cost per
// response small enough for dynamic answers.
export const compressOptions = {
  threshold: 1024,
  encodings: ['br', 'gzip'] as Array<'br' | 'gzip'>,
  brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
};

function createFastify(deps: AppDeps) {
  const app = Fastify({
    logger: deps.logger ?? false,
    // requestLogPlugin writes one line per request instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 64 * 1024,
    trustProxy: deps.config.trustProxy,
    requestIdHeader: false,
    genReqId: () => crypto.randomUUID(),
    routerOptions: { maxParamLength: 200 },
    frameworkErrors,
    // The error handler answers with the API's own 503 body while the server drains.
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  return app;
}

function trackLifecycle(app: FastifyInstance): Lifecycle {
  const lifecycle: Lifecycle = { draining: false };
  app.decorate('lifecycle', lifecycle);
  app.addHook('preClose', async () => {
    lifecycle.draining = true;
  });
  return lifecycle;
}

/** The cross-cutting plugins, in order: access log, error body, load shedding, security, compression, auth. */
async function registerPlugins(app: FastifyInstance, deps: AppDeps, redis: Redis | undefined) {
  const config: Config = deps.config;
  await app.register(requestLogPlugin, { destination: deps.logDestination });
  await app.register(errorHandlerPlugin);
  await app.register(loadSheddingPlugin, { loadShed: config.loadShed });
  await app.register(securityPlugin, { config, redis });
  await app.register(compress, compressOptions);
  const tokens = createTokenService({ secret: deps.jwtSecret, ttlSeconds: config.tokenTtlSeconds });
  await app.register(authPlugin, { tokens });
  return tokens;
}

/** Builds the whole HTTP application with explicit wiring; server.ts and the tests both call it. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const app = createFastify(deps);
  const lifecycle = trackLifecycle(app);
  const { redis, bus } = await connectSharedState(app, config, database);
  const ctx: WiringContext = { app, deps, bus };
  const tokens = await registerPlugins(app, deps, redis);
  const core = createCoreServices(ctx);

  await app.register(swagger, openApiOptions(config.publicUrl));
  await app.register(
    async (api) => {
      await registerPublicRoutes(api, ctx, core, { redis, tokens, lifecycle });
      await api.register(securedRoutes(ctx, core, createDomainServices(ctx, core)));
    },
    { prefix: '/api' },
  );

  await app.register(imageFileRoutes, { images: core.images });
  await app.register(sitemapRoutes, {
    sitemap: createSitemapRepository(database.db),
    publicUrl: config.publicUrl,
  });
  await registerWebApp(app, ctx, core);
  startMemoryReport(app, () => bus.totals(), config.memoryLogMs);
  return app;
}
