import type { InvalidationBus } from '../../lib/cache/bus';

/** What a cached response read from product `id` is tagged with. */
export const productTag = (id: string) => `product:${id}`;
/** Tag of responses that depend on every product (listing pages, category counts). */
export const ANY_PRODUCT_TAG = 'product:*';

/**
 * What a response showing product `id`'s stock is also tagged with: its page, and every listing or
 * search page it is on. A purchase changes nothing but one product's stock (no listing filters or sorts
 * by stock, counts and word lists do not read it), so it publishes only this tag: pages the product is
 * not on, category counts, suggestions and word lists stay.
 */
export const stockTag = (id: string) => `stock:${id}`;

/** Tags of a page of products: it depends on every product (membership, order, totals) and shows these ones' stock. */
export const pageTags = (products: ReadonlyArray<{ _id: string }>) => [ANY_PRODUCT_TAG, ...products.map((p) => stockTag(p._id))];

/** Tags of one product's page. */
export const productPageTags = (id: string) => [productTag(id), stockTag(id)];

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
