import type { InvalidationBus } from '../../lib/cache/bus';

/** What a cached response read from product `id` is tagged with. */
export const productTag = (id: string) => `product:${id}`;
/** Tag of responses that depend on every product (listing pages, category counts). */
export const ANY_PRODUCT_TAG = 'product:*';

/**
 * THE call every write to products or their stock makes once it has committed and before it answers
 * (create, update, delete, purchase, cart removal, order moves that restore stock, price breaks...):
 * it drops this process's cached product pages, listings and category counts that could show the old
 * values. Other API processes hear of the same commit from the database trigger (migration 0002).
 */
export type InvalidateProducts = (ids: readonly string[]) => void;

export const productInvalidator =
  (bus: Pick<InvalidationBus, 'invalidate'>): InvalidateProducts =>
  (ids) =>
    bus.invalidate(ids.map(productTag));
