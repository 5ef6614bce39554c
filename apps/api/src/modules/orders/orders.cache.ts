import { createHash } from 'node:crypto';
import type { InvalidationBus } from '../../lib/cache/bus';
import { createPartyReadCache, type PartyReadCache } from '../../lib/cache/read-cache';

/**
 * What a cached read of one supplier's orders (a desk first page, the counts) is tagged with. The md5 of
 * the uid, as the database trigger writes it (migration 0009_orders_invalidation): a uid may contain the comma that separates
 * tags in a notification, a hash never does.
 */
export const ordersTag = (supplierUid: string) =>
  `orders:${createHash('md5').update(supplierUid).digest('hex')}`;

/**
 * THE call every write to orders makes once it has committed and before it answers (purchase, each move,
 * cancel through DELETE /cart/:id): it drops this process's cached desk pages and counts of that supplier.
 * Other API processes hear of the same commit from the database trigger (migration 0009_orders_invalidation).
 */
export type InvalidateOrders = (supplierUid: string | null) => void;

export const ordersInvalidator =
  (bus: Pick<InvalidationBus, 'invalidate'>): InvalidateOrders =>
  (supplierUid) => {
    if (supplierUid !== null) bus.invalidate([ordersTag(supplierUid)]);
  };

/** Serialised reads of suppliers' orders (a desk first page, the counts), kept until a change to that supplier's orders (no TTL). */
export const createOrdersReadCache = (
  bus: Pick<InvalidationBus, 'register'>,
  options: { maxBytes?: number } = {},
) => createPartyReadCache(bus, ordersTag, options);
export type OrdersReadCache = PartyReadCache;
