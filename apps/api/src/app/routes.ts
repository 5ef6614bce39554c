import path from 'node:path';
import swaggerUi from '@fastify/swagger-ui';
import type { ClientConfig } from '@bulkwise/contracts';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config/env';
import type { Redis } from '../lib/redis/redis';
import { accountRoutes } from '../modules/auth/account.routes';
import { createAccountService } from '../modules/auth/account.service';
import { authRoutes } from '../modules/auth/auth.routes';
import { createAuthService } from '../modules/auth/auth.service';
import { createFirebaseVerificationLinks, createFirebaseVerifier } from '../modules/auth/firebase-verifier';
import type { TokenService } from '../modules/auth/tokens';
import { catalogRoutes } from '../modules/catalog/catalog.routes';
import { createCatalogRepository } from '../modules/catalog/catalog.repository';
import { createCatalogService } from '../modules/catalog/catalog.service';
import { categoriesRoutes } from '../modules/categories/categories.routes';
import { createCategoriesRepository } from '../modules/categories/categories.repository';
import { createCategoriesService } from '../modules/categories/categories.service';
import { healthRoutes, type Lifecycle } from '../modules/health/health.routes';
import { imageUploadRoutes } from '../modules/images/images.routes';
import { createInsightsRepository } from '../modules/insights/insights.repository';
import { insightsRoutes } from '../modules/insights/insights.routes';
import { createInsightsService } from '../modules/insights/insights.service';
import { createOutboxRepository } from '../modules/notifications/outbox.repository';
import { cartRoutes } from '../modules/orders/cart.routes';
import { ordersInvalidator } from '../modules/orders/orders.cache';
import { ordersRoutes } from '../modules/orders/orders.routes';
import { createPagesService } from '../modules/pages/pages.service';
import { createServerPages } from '../modules/pages/pages.document';
import { ownProductsRoutes, productsRoutes, firstPaintImage } from '../modules/products/products.routes';
import { productReads as cachedProductReads } from '../modules/products/products.reads';
import { purchasesRoutes } from '../modules/purchases/purchases.routes';
import { quotesRoutes } from '../modules/quotes/quotes.routes';
import { settingsRoutes } from '../modules/settings/settings.routes';
import { threadsRoutes } from '../modules/threads/threads.routes';
import { invoicesRoutes } from '../modules/trade/invoices.routes';
import { tradeRoutes } from '../modules/trade/trade.routes';
import { securedScope } from '../plugins/secured';
import { exportRateLimit, uploadRateLimit, writeRateLimit } from '../plugins/security';
import { registerSpa } from '../plugins/spa';
import type { WiringContext } from './context';
import type { CoreServices, DomainServices } from './services';

/** What GET /api/health/config gives the web: its Firebase project and the Auth emulator, if any. */
function clientConfigOf(config: Config): ClientConfig {
  return {
    firebase: {
      apiKey: config.firebaseApiKey,
      authDomain: config.firebaseAuthDomain,
      projectId: config.firebaseProjectId,
      ...(config.firebaseAppId ? { appId: config.firebaseAppId } : {}),
    },
    authEmulatorUrl: config.authEmulatorHost ? `http://${config.authEmulatorHost}` : null,
  };
}

/** The routes anyone may call under /api: docs, health, sign-in, categories, the catalogue's reads. */
export async function registerPublicRoutes(
  api: FastifyInstance,
  { deps, bus }: WiringContext,
  core: CoreServices,
  state: { redis: Redis | undefined; tokens: TokenService; lifecycle: Lifecycle },
) {
  const { config, database } = deps;
  const { redis } = state;
  await api.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });
  await api.register(healthRoutes, {
    database,
    clientConfig: clientConfigOf(config),
    instanceId: config.instanceId,
    lifecycle: state.lifecycle,
    redisState: () => (redis ? (redis.status === 'ready' ? 'ok' : 'unavailable') : 'none'),
  });
  await api.register(authRoutes, {
    auth: createAuthService({
      verifier: deps.verifier ?? createFirebaseVerifier(config.firebaseProjectId),
      tokens: state.tokens,
      accounts: core.accounts,
      invalidateOrders: ordersInvalidator(bus),
    }),
    rateLimitPerMinute: config.rateLimit.jwtPerMinute,
  });
  await api.register(categoriesRoutes, {
    categories: createCategoriesService({ repository: createCategoriesRepository(deps.database.db) }),
    bus,
  });
  await api.register(productsRoutes, {
    products: core.products,
    caches: core.productReads,
    limits: config.rateLimit,
  });
}

/** Every route of a signed-in user, in one secured scope (plugins/secured.ts). */
export function securedRoutes({ deps }: WiringContext, core: CoreServices, domain: DomainServices) {
  const { config } = deps;
  const db = deps.database.db;
  const { products, images, invalidateProducts } = core;
  const { invalidateOrders } = domain;
  return securedScope(
    writeRateLimit(config),
    async (scope, secured) => {
      await scope.register(ownProductsRoutes, { products, secured });
      await scope.register(imageUploadRoutes, { images, secured, uploadRateLimit: uploadRateLimit(config) });
      await scope.register(catalogRoutes, {
        catalog: createCatalogService({
          repository: createCatalogRepository(db),
          invalidateProducts,
          foreignUploads: images.foreignUploads,
        }),
        secured,
      });
      await scope.register(purchasesRoutes, { purchases: domain.purchases, secured });
      await scope.register(settingsRoutes, { settings: domain.settings, secured });
      await scope.register(accountRoutes, {
        account: createAccountService({
          links: deps.verificationLinks ?? createFirebaseVerificationLinks(config.firebaseProjectId),
          accounts: core.accounts,
          enqueue: (row) => createOutboxRepository(db).enqueue(row),
          invalidateOrders,
        }),
        secured,
      });
      await scope.register(ordersRoutes, { orders: domain.orders, reads: domain.orderReads, secured });
      await scope.register(cartRoutes, { orders: domain.orders, secured });
      await scope.register(quotesRoutes, { quotes: domain.quotes, reads: domain.quoteReads, secured });
      await scope.register(threadsRoutes, { threads: domain.threads, secured });
      await scope.register(tradeRoutes, { trade: domain.trade, statements: domain.statements, secured });
      await scope.register(invoicesRoutes, {
        invoices: domain.invoices,
        reads: domain.invoiceReads,
        secured,
      });
      await scope.register(insightsRoutes, {
        // The desk's read cache: insights drop with the supplier's desk, on every instance.
        insights: createInsightsService({
          repository: createInsightsRepository(db),
          reads: domain.orderReads,
          now: domain.clock,
        }),
        secured,
      });
    },
    exportRateLimit(config),
  );
}

/** The web's built files, with the server-made pages (head, JSON-LD, no-JS view) and the LCP preload. */
export async function registerWebApp(app: FastifyInstance, { deps, bus }: WiringContext, core: CoreServices) {
  const { config } = deps;
  if (!config.webDistDir) return;
  await registerSpa(app, path.resolve(config.webDistDir), {
    lcpImage: firstPaintImage(core.products, core.productReads),
    serverPages: createServerPages(
      createPagesService({
        reads: cachedProductReads(core.products, core.productReads),
        categories: createCategoriesService({ repository: createCategoriesRepository(deps.database.db) }),
        publicUrl: config.publicUrl,
      }),
      bus,
    ),
  });
}
