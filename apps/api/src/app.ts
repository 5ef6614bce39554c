import path from 'node:path';
import { constants as zlib } from 'node:zlib';
import compress from '@fastify/compress';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { openApiOptions } from './plugins/openapi';
import { BUSY_MESSAGES, type ClientConfig } from '@bulkwise/contracts';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config/env';
import type { Database } from './db/client';
import { isDatabaseUnavailable } from './db/errors';
import { busy } from './errors';
import { createKeyedQueue } from './db/keyed-queue';
import { authRoutes } from './modules/auth/auth.routes';
import { createAuthService } from './modules/auth/auth.service';
import { accountRoutes } from './modules/auth/account.routes';
import { createAccountService } from './modules/auth/account.service';
import { createAccountsRepository } from './modules/auth/accounts.repository';
import {
  createFirebaseVerificationLinks,
  createFirebaseVerifier,
  type EmailVerificationLinks,
  type IdTokenVerifier,
} from './modules/auth/firebase-verifier';
import { createOutboxRepository } from './modules/notifications/outbox.repository';
import { createTokenService } from './modules/auth/tokens';
import { catalogRoutes } from './modules/catalog/catalog.routes';
import { createCatalogRepository } from './modules/catalog/catalog.repository';
import { createCatalogService } from './modules/catalog/catalog.service';
import { categoriesRoutes } from './modules/categories/categories.routes';
import { createCategoriesRepository } from './modules/categories/categories.repository';
import { createCategoriesService } from './modules/categories/categories.service';
import { createInvalidationBus } from './lib/cache/bus';
import { watchForPeers } from './lib/instances/peers';
import { connectRedis } from './lib/redis/redis';
import { imageFileRoutes, imageUploadRoutes } from './modules/images/images.routes';
import { createImagesRepository } from './modules/images/images.repository';
import { createImagesService } from './modules/images/images.service';
import { createImageStorage } from './modules/images/images.storage';
import { startImageSweeper } from './modules/images/images.sweeper';
import { healthRoutes, type Lifecycle } from './modules/health/health.routes';
import { productInvalidator } from './modules/products/products.cache';
import { createProductsRepository } from './modules/products/products.repository';
import {
  createProductReadCaches,
  firstPaintImage,
  ownProductsRoutes,
  productsRoutes,
} from './modules/products/products.routes';
import { createProductsService } from './modules/products/products.service';
import { productReads as cachedProductReads } from './modules/products/products.reads';
import { createPagesService } from './modules/pages/pages.service';
import { createServerPages } from './modules/pages/pages.document';
import { sitemapRoutes } from './modules/pages/sitemap.routes';
import { createSitemapRepository } from './modules/pages/sitemap.repository';
import { createSearchCache } from './modules/products/search.cache';
import { createSearchRepository } from './modules/products/search.repository';
import { createPurchasesRepository } from './modules/purchases/purchases.repository';
import { purchasesRoutes } from './modules/purchases/purchases.routes';
import { createPurchasesService } from './modules/purchases/purchases.service';
import { businessDetailsOf, createSettingsRepository } from './modules/settings/settings.repository';
import { settingsRoutes } from './modules/settings/settings.routes';
import { createSettingsService } from './modules/settings/settings.service';
import { createInsightsRepository } from './modules/insights/insights.repository';
import { insightsRoutes } from './modules/insights/insights.routes';
import { createInsightsService } from './modules/insights/insights.service';
import { cartRoutes } from './modules/orders/cart.routes';
import { createOrdersReadCache, ordersInvalidator } from './modules/orders/orders.cache';
import { createInvoicesReadCache, invoicesInvalidator } from './modules/trade/invoices.cache';
import { ignoreOrderEvents, type OrderEventSink } from './modules/orders/order-events';
import { createOrdersRepository } from './modules/orders/orders.repository';
import { ordersRoutes } from './modules/orders/orders.routes';
import { createOrdersService } from './modules/orders/orders.service';
import { createQuotesReadCache, quotesInvalidator } from './modules/quotes/quotes.cache';
import { createQuoteReads } from './modules/quotes/quotes.reads';
import { createQuotesRepository } from './modules/quotes/quotes.repository';
import { quotesRoutes } from './modules/quotes/quotes.routes';
import { createQuotesService } from './modules/quotes/quotes.service';
import { startQuoteSweep } from './modules/quotes/quotes.sweep';
import { createThreadsRepository } from './modules/threads/threads.repository';
import { threadsRoutes } from './modules/threads/threads.routes';
import { createThreadsService } from './modules/threads/threads.service';
import { createInvoicesRepository } from './modules/trade/invoices.repository';
import { invoicesRoutes } from './modules/trade/invoices.routes';
import { createInvoicesService } from './modules/trade/invoices.service';
import { createInvoicing } from './modules/trade/invoicing';
import { startInvoiceReminders } from './modules/trade/reminders';
import { createStatements } from './modules/trade/statement';
import { createTradeRepository } from './modules/trade/trade.repository';
import { tradeRoutes } from './modules/trade/trade.routes';
import { createTradeService } from './modules/trade/trade.service';
import { authPlugin } from './plugins/auth';
import { errorHandlerPlugin, frameworkErrors } from './plugins/error-handler';
import { loadSheddingPlugin } from './plugins/load-shedding';
import { requestLogPlugin } from './plugins/request-log';
import { securedScope } from './plugins/secured';
import { securityPlugin, writeRateLimit, exportRateLimit, uploadRateLimit } from './plugins/security';
import { registerSpa } from './plugins/spa';

export interface AppDeps {
  config: Config;
  database: Database;
  /** Resolved HMAC secret of API tokens (config.jwtSecret, or the generated development one). */
  jwtSecret: string;
  /** Defaults to firebase-admin against config.firebaseProjectId (and the emulator when configured). */
  verifier?: IdTokenVerifier;
  /** Defaults to firebase-admin, like `verifier`. */
  verificationLinks?: EmailVerificationLinks;
  logger?: FastifyServerOptions['logger'];
  /** The stream of `logger` (server.ts): the access line is written to it directly (plugins/request-log.ts). */
  logDestination?: { write(line: string): void };
  /** Reaction to order changes, recorded inside their transaction (server.ts: the email outbox). Default: none. */
  orderEvents?: OrderEventSink;
  /**
   * The server's clock for quotes and messages (expiry, limits) and invoices (issue, due, overdue, aging);
   * tests pass one they can set. Default: the system clock.
   */
  clock?: () => Date;
  /** How often this process sweeps quotes (expiry emails, expired offers); 0: never. Default a minute. */
  quoteSweepMs?: number;
}

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

/** Builds the whole HTTP application with explicit wiring; server.ts and the tests both call it. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const app = Fastify({
    logger: deps.logger ?? false,
    // requestLogPlugin writes one line per request instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 64 * 1024,
    trustProxy: config.trustProxy,
    requestIdHeader: false,
    genReqId: () => crypto.randomUUID(),
    routerOptions: { maxParamLength: 200 },
    frameworkErrors,
    // The error handler answers with the API's own 503 body while the server drains.
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const lifecycle: Lifecycle = { draining: false };
  app.decorate('lifecycle', lifecycle);
  app.addHook('preClose', async () => {
    lifecycle.draining = true;
  });

  // Shared state of many instances: rate limits in Redis (optional), cache invalidation via PostgreSQL.
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
  });
  await bus.start(database);
  app.addHook('onClose', async () => {
    await bus.close();
    await peers?.close();
    redis?.disconnect();
  });
  const invalidateProducts = productInvalidator(bus);

  await app.register(requestLogPlugin, { destination: deps.logDestination });
  await app.register(errorHandlerPlugin);
  await app.register(loadSheddingPlugin, { loadShed: config.loadShed });
  await app.register(securityPlugin, { config, redis });
  await app.register(compress, compressOptions);

  const tokens = createTokenService({ secret: deps.jwtSecret, ttlSeconds: config.tokenTtlSeconds });
  await app.register(authPlugin, { tokens });

  const clientConfig: ClientConfig = {
    firebase: {
      apiKey: config.firebaseApiKey,
      authDomain: config.firebaseAuthDomain,
      projectId: config.firebaseProjectId,
      ...(config.firebaseAppId ? { appId: config.firebaseAppId } : {}),
    },
    authEmulatorUrl: config.authEmulatorHost ? `http://${config.authEmulatorHost}` : null,
  };

  const db = database.db;
  const accounts = createAccountsRepository(db);
  const images = createImagesService({
    repository: createImagesRepository(db),
    storage: createImageStorage(config.images),
  });
  const sweeper = startImageSweeper(images, {
    intervalMs: config.images.sweepMs,
    log: (msg, err) => app.log.warn({ err }, msg),
    info: (msg, removed) => app.log.info({ removed }, msg),
  });
  app.addHook('onClose', async () => {
    await sweeper.stop();
    images.storage.close();
  });
  const products = createProductsService({
    repository: createProductsRepository(db, { bus }),
    search: createSearchRepository(db, { bus }),
    searchCache: createSearchCache(bus),
    invalidateProducts,
    checkImage: images.assertOwnImage,
  });
  const productReads = createProductReadCaches(bus, { productCacheBytes: config.productCacheBytes });

  await app.register(swagger, openApiOptions(config.publicUrl));

  await app.register(
    async (api) => {
      await api.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });
      await api.register(healthRoutes, {
        database,
        clientConfig,
        instanceId: config.instanceId,
        lifecycle,
        redisState: () => (redis ? (redis.status === 'ready' ? 'ok' : 'unavailable') : 'none'),
      });
      await api.register(authRoutes, {
        auth: createAuthService({
          verifier: deps.verifier ?? createFirebaseVerifier(config.firebaseProjectId),
          tokens,
          accounts,
          invalidateOrders: ordersInvalidator(bus),
        }),
        rateLimitPerMinute: config.rateLimit.jwtPerMinute,
      });
      await api.register(categoriesRoutes, {
        categories: createCategoriesService({ repository: createCategoriesRepository(db) }),
        bus,
      });
      await api.register(productsRoutes, { products, caches: productReads, limits: config.rateLimit });
      const orderEvents = deps.orderEvents ?? ignoreOrderEvents;
      const orderReads = createOrdersReadCache(bus);
      const invalidateOrders = ordersInvalidator(bus);
      const productWrites = createKeyedQueue({
        failFast: isDatabaseUnavailable,
        maxPending: config.productQueueMaxPending,
        busy: () => busy(BUSY_MESSAGES.product),
      });
      const purchases = createPurchasesService({
        repository: createPurchasesRepository(db, orderEvents),
        productWrites,
        publish: bus.publish,
      });
      const clock = deps.clock ?? (() => new Date());
      const trade = createTradeService({ repository: createTradeRepository(db), clock });
      const invoicesRepository = createInvoicesRepository(db);
      const invoiceReads = createInvoicesReadCache(bus);
      const invalidateInvoices = invoicesInvalidator(bus);
      const invoices = createInvoicesService({
        repository: invoicesRepository,
        clock,
        invalidateOrders,
        invalidateInvoices,
      });
      const statements = createStatements({
        trade,
        invoices: invoicesRepository,
        clock,
        businessDetails: (uid) => businessDetailsOf(db, uid),
      });
      // Due-soon and overdue emails: hourly; tests (NODE_ENV=test) queue them by calling the query.
      const reminders = startInvoiceReminders({
        db,
        clock,
        intervalMs: config.env === 'test' ? 0 : 3_600_000,
        log: (msg, err) => app.log.warn({ err }, msg),
      });
      app.addHook('onClose', async () => reminders.stop());
      const settings = createSettingsService({ repository: createSettingsRepository(db) });
      // One orders repository for the desk and for the threads' party lookup.
      const ordersRepository = createOrdersRepository(db);
      const orders = createOrdersService({
        repository: ordersRepository,
        events: orderEvents,
        reads: orderReads,
        invalidateOrders,
        productWrites,
        invalidateProducts,
        invoicing: createInvoicing({ clock }),
        invalidateInvoices,
        clock,
      });
      const quotesRepository = createQuotesRepository(db);
      const invalidateQuotes = quotesInvalidator(bus);
      const quotes = createQuotesService({
        repository: quotesRepository,
        events: orderEvents,
        clock,
        invalidateOrders,
        invalidateProducts,
        invalidateQuotes,
      });
      const quoteReads = createQuoteReads({
        repository: quotesRepository,
        clock,
        reads: createQuotesReadCache(bus, clock),
      });
      const threads = createThreadsService({
        repository: createThreadsRepository(db),
        clock,
        // The quotes lists show each quote's unread messages.
        changed: (subject, { buyer, supplier }) => {
          if (subject === 'quote') invalidateQuotes(buyer.uid, supplier.uid);
        },
        parties: {
          quote: quotes.parties,
          order: async (id) => {
            const row = await ordersRepository.findById(id);
            return row && row.supplierUid
              ? {
                  buyer: { uid: row.buyerUid, name: row.buyerName, email: row.buyerEmail },
                  supplier: {
                    uid: row.supplierUid,
                    name: row.supplierName ?? '',
                    email: row.supplierEmail ?? '',
                  },
                }
              : undefined;
          },
        },
      });
      const quoteSweep = startQuoteSweep(
        db,
        clock,
        deps.quoteSweepMs ?? 60_000,
        (msg, err) => app.log.warn({ err }, msg),
        invalidateQuotes,
      );
      app.addHook('onClose', quoteSweep.stop);
      await api.register(
        securedScope(
          writeRateLimit(config),
          async (scope, secured) => {
            await scope.register(ownProductsRoutes, { products, secured });
            await scope.register(imageUploadRoutes, {
              images,
              secured,
              uploadRateLimit: uploadRateLimit(config),
            });
            await scope.register(catalogRoutes, {
              catalog: createCatalogService({
                repository: createCatalogRepository(db),
                invalidateProducts,
                foreignUploads: images.foreignUploads,
              }),
              secured,
            });
            await scope.register(purchasesRoutes, { purchases, secured });
            await scope.register(settingsRoutes, { settings, secured });
            await scope.register(accountRoutes, {
              account: createAccountService({
                links: deps.verificationLinks ?? createFirebaseVerificationLinks(config.firebaseProjectId),
                accounts,
                enqueue: (row) => createOutboxRepository(db).enqueue(row),
                invalidateOrders,
              }),
              secured,
            });
            await scope.register(ordersRoutes, { orders, reads: orderReads, secured });
            await scope.register(cartRoutes, { orders, secured });
            await scope.register(quotesRoutes, { quotes, reads: quoteReads, secured });
            await scope.register(threadsRoutes, { threads, secured });
            await scope.register(tradeRoutes, { trade, statements, secured });
            await scope.register(invoicesRoutes, { invoices, reads: invoiceReads, secured });
            await scope.register(insightsRoutes, {
              // The desk's read cache: insights drop with the supplier's desk, on every instance.
              insights: createInsightsService({
                repository: createInsightsRepository(db),
                reads: orderReads,
                now: clock,
              }),
              secured,
            });
          },
          exportRateLimit(config),
        ),
      );
    },
    { prefix: '/api' },
  );

  await app.register(imageFileRoutes, { images });
  await app.register(sitemapRoutes, { sitemap: createSitemapRepository(db), publicUrl: config.publicUrl });

  if (config.webDistDir) {
    await registerSpa(app, path.resolve(config.webDistDir), {
      lcpImage: firstPaintImage(products, productReads),
      serverPages: createServerPages(
        createPagesService({
          reads: cachedProductReads(products, productReads),
          categories: createCategoriesService({ repository: createCategoriesRepository(db) }),
          publicUrl: config.publicUrl,
        }),
        bus,
      ),
    });
  }
  return app;
}
