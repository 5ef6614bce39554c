import { BUSY_MESSAGES } from '@bulkwise/contracts';
import { isDatabaseUnavailable } from '../db/errors';
import { createKeyedQueue } from '../db/keyed-queue';
import { busy } from '../errors';
import { createAccountsRepository } from '../modules/auth/accounts.repository';
import { createImagesRepository } from '../modules/images/images.repository';
import { createImagesService } from '../modules/images/images.service';
import { createImageStorage } from '../modules/images/images.storage';
import { startImageSweeper } from '../modules/images/images.sweeper';
import { ignoreOrderEvents } from '../modules/orders/order-events';
import { createOrdersReadCache, ordersInvalidator } from '../modules/orders/orders.cache';
import { createOrdersRepository } from '../modules/orders/orders.repository';
import { createOrdersService } from '../modules/orders/orders.service';
import { productInvalidator } from '../modules/products/products.cache';
import { createProductsRepository } from '../modules/products/products.repository';
import { createProductReadCaches } from '../modules/products/products.routes';
import { createProductsService } from '../modules/products/products.service';
import { createSearchCache } from '../modules/products/search.cache';
import { createSearchRepository } from '../modules/products/search.repository';
import { createPurchasesRepository } from '../modules/purchases/purchases.repository';
import { createPurchasesService } from '../modules/purchases/purchases.service';
import { createSettingsRepository } from '../modules/settings/settings.repository';
import { createSettingsService } from '../modules/settings/settings.service';
import { createInvoicing } from '../modules/trade/invoicing';
import type { WiringContext } from './context';
import { createQuoteServices } from './quote-services';
import { createTradeServices } from './trade-services';

/** What the public routes already need: accounts, uploaded images (and their hourly sweep), products. */
export function createCoreServices({ app, deps, bus }: WiringContext) {
  const { config } = deps;
  const db = deps.database.db;
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
  const invalidateProducts = productInvalidator(bus);
  const products = createProductsService({
    repository: createProductsRepository(db, { bus }),
    search: createSearchRepository(db, { bus }),
    searchCache: createSearchCache(bus, { bytes: config.searchCacheBytes }),
    invalidateProducts,
    checkImage: images.assertOwnImage,
  });
  const productReads = createProductReadCaches(bus, { productCacheBytes: config.productCacheBytes });
  return { accounts: createAccountsRepository(db), images, products, productReads, invalidateProducts };
}

export type CoreServices = ReturnType<typeof createCoreServices>;

/** The signed-in user's services: purchases, orders, settings, trade on account, quotes and threads. */
export function createDomainServices(ctx: WiringContext, { invalidateProducts }: CoreServices) {
  const { deps, bus } = ctx;
  const { config } = deps;
  const db = deps.database.db;
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
  const trade = createTradeServices(ctx, { clock, invalidateOrders });
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
    invalidateInvoices: trade.invalidateInvoices,
    clock,
  });
  const quotes = createQuoteServices(ctx, {
    clock,
    orderEvents,
    invalidateOrders,
    invalidateProducts,
    ordersRepository,
  });
  return { clock, invalidateOrders, orderReads, purchases, settings, orders, ...trade, ...quotes };
}

export type DomainServices = ReturnType<typeof createDomainServices>;
