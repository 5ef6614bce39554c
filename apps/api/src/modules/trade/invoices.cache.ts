import { createHash } from 'node:crypto';
import type { InvalidationBus } from '../../lib/cache/bus';
import { createPartyReadCache } from '../../lib/cache/read-cache';

/**
 * What a cached read of one party's invoices (a first page of the list, either side) is tagged with: the
 * md5 of the uid, as the triggers of migration 0027_invoices_invalidation write it (a uid may contain the
 * comma that separates tags in a notification, a hash never does). A uid that both buys and sells has one
 * tag for both sides: a change to any invoice of theirs drops both.
 */
export const invoicesTag = (uid: string) => `invoices:${createHash('md5').update(uid).digest('hex')}`;

/**
 * THE call every write that changes what an invoices list shows makes once it has committed and before it
 * answers (an invoice issued or credited by an order move, a payment): it drops this process's cached
 * pages of both parties. Other API processes hear of the same commit from the triggers (migration 0027).
 */
export type InvalidateInvoices = (invoice: { supplierUid: string; buyerUid: string }) => void;

export const invoicesInvalidator =
  (bus: Pick<InvalidationBus, 'invalidate'>): InvalidateInvoices =>
  ({ supplierUid, buyerUid }) =>
    bus.invalidate([invoicesTag(supplierUid), invoicesTag(buyerUid)]);

/** First pages of the invoices list per party, side, status, limit and day, kept until that party's invoices change. */
export const createInvoicesReadCache = (
  bus: Pick<InvalidationBus, 'register'>,
  options: { maxBytes?: number } = {},
) => createPartyReadCache(bus, invoicesTag, options);
export type InvoicesReadCache = ReturnType<typeof createInvoicesReadCache>;
