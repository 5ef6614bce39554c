import { createHash } from 'node:crypto';
import type { InvalidationBus } from '../../lib/cache/bus';

/** What a cached response read from product `id` is tagged with. */
export const productTag = (id: string) => `product:${id}`;
/**
 * Tag of responses that depend on every product (category counts, filtered or price-ordered searches, the
 * server-made listing pages); the API's listing pages name only what can change them (listing.tags.ts).
 */
export const ANY_PRODUCT_TAG = 'product:*';

/**
 * What a response showing product `id`'s stock is also tagged with: its page, and every listing or
 * search page it is on. A purchase changes nothing but one product's stock (no listing filters or sorts
 * by stock, counts and word lists do not read it), so it publishes only this tag: pages the product is
 * not on, category counts, suggestions and word lists stay.
 */
export const stockTag = (id: string) => `stock:${id}`;

/** Tags of a page of products: it depends on every product (membership, order, totals) and shows these ones' stock. */
export const pageTags = (products: ReadonlyArray<{ _id: string }>) => [
  ANY_PRODUCT_TAG,
  ...products.map((p) => stockTag(p._id)),
];

/** Tags of one product's page. */
export const productPageTags = (id: string) => [productTag(id), stockTag(id)];

/**
 * Carried by every search answer and word list, which depend on products' searchable text (name, brand,
 * category, description): the words they read are tagged too (search.tags.ts), and `text:all` drops them all.
 */
export const ANY_TEXT_TAG = 'text:*';

/**
 * What a read of one supplier's products as a whole (the insights inventory: stock against thresholds) is
 * tagged with: the md5 of the owner's uid, as the products trigger writes it (migration 0026).
 */
export const inventoryTag = (ownerUid: string) =>
  `inventory:${createHash('md5').update(ownerUid).digest('hex')}`;

/**
 * THE call every write to products or their stock makes once it has committed and before it answers
 * (create, update, delete, order moves that restore stock, price breaks...): it drops this process's
 * cached product pages, listings, category counts and search answers that could show the old values;
 * `stockOnly` for a write that changed nothing but stock; `ownerUid`, the products' owner, drops their
 * inventory too (a write that also drops the owner's orders tag may leave it out). Other API processes
 * hear of the same commit from the database trigger, which names exactly what changed (migrations 0013,
 * 0030). Which search words changed only the trigger says, so for any other write this waits until this
 * process has heard it too (`sync`). The purchase publishes its stock tag itself (purchases.service.ts).
 */
export type InvalidateProducts = (
  ids: readonly string[],
  options?: { stockOnly?: boolean; ownerUid?: string },
) => Promise<void>;

export const productInvalidator =
  (bus: Pick<InvalidationBus, 'invalidate' | 'sync'>): InvalidateProducts =>
  async (ids, { stockOnly = false, ownerUid } = {}) => {
    bus.invalidate([
      ...ids.map(stockOnly ? stockTag : productTag),
      ...(ownerUid === undefined ? [] : [inventoryTag(ownerUid)]),
    ]);
    if (!stockOnly) await bus.sync();
  };
