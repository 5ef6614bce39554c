import { type AnyPgColumn, bigint, date, text, timestamp, uuid } from 'drizzle-orm/pg-core';

// Column groups the tables share. Builders, not tables: index.ts (what drizzle-kit reads) does not export them.

/** A `timestamptz`, read as a Date. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A `timestamptz` always set, to the time of the insert unless given (created, updated, sent at). */
export const stampedAt = (name: string) => timestamptz(name).notNull().defaultNow();

/** A `text` column that is always set. */
export const requiredText = (name: string) => text(name).notNull();
/** A calendar day (`date`), required, read as its ISO string (issued on, due on, needed by). */
export const day = (name: string) => date(name, { mode: 'string' }).notNull();

/** A `bigint` read as a JS number, required: sums in cents, counts and ids, all below 2^53. */
export const bigNumber = (name: string) => bigint(name, { mode: 'number' }).notNull();

/** The id of an entity row (an order, a quote, an invoice): a random uuid. */
export const entityId = () => uuid('id').primaryKey().defaultRandom();

type PartyColumns<R extends string> = Record<
  `${R}Uid` | `${R}Email` | `${R}Name`,
  ReturnType<typeof requiredText>
>;

/** A party of an order, quote or account: its uid, and its email and display name as they were then. */
export const partyColumns = <R extends 'buyer' | 'supplier'>(role: R) =>
  ({
    [`${role}Uid`]: requiredText(`${role}_uid`),
    [`${role}Email`]: requiredText(`${role}_email`),
    [`${role}Name`]: requiredText(`${role}_name`),
  }) as PartyColumns<R>;

/** A category as a row keeps it: its name and its slug, as they were when the row was written. */
export const categoryColumns = () => ({
  category: requiredText('category'),
  categorySlug: requiredText('category_slug'),
});

/** The two parties of a deal (a quote, a trade account): each one's uid, email and display name. */
export const dealParties = () => ({ ...partyColumns('buyer'), ...partyColumns('supplier') });

type RollupKey<P extends string> = { supplierUid: ReturnType<typeof requiredText> } & Record<
  P,
  ReturnType<typeof day>
>;

/** The key every insights rollup starts with: the supplier, and the UTC day (or month) of placement. */
export const rollupKey = <P extends 'day' | 'month'>(period: P) =>
  ({ supplierUid: requiredText('supplier_uid'), [period]: day(period) }) as RollupKey<P>;

/** The id of an append-only log row (history, messages): a bigint the database numbers in order. */
export const logId = () => bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity();

/** The row a log entry belongs to: required, and deleted with it. */
export const ownerRef = (name: string, owner: () => AnyPgColumn) =>
  uuid(name).notNull().references(owner, { onDelete: 'cascade' });
