import {
  MIN_ORDER_FILTER_THRESHOLD,
  type OrderActor,
  type OrderStatus,
  type PaymentTerms,
  type PriceTier,
} from '@bulkwise/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  categoryColumns,
  entityId,
  logId,
  ownerRef,
  partyColumns,
  requiredText,
  stampedAt,
  timestamptz,
} from './columns';

/** Inlined (not a bind parameter): index predicates hold constants. */
const BULK_THRESHOLD = sql.raw(String(MIN_ORDER_FILTER_THRESHOLD));

export const categories = pgTable('categories', {
  id: entityId(),
  name: requiredText('name').unique(),
  slug: requiredText('slug').unique(),
  description: requiredText('description'),
  image: requiredText('image'),
  popular: boolean('popular').notNull().default(false),
  subcategories: jsonb('subcategories').$type<string[]>().notNull().default([]),
  position: integer('position').notNull().default(0),
});

export const products = pgTable(
  'products',
  {
    id: entityId(),
    name: requiredText('name'),
    brandName: requiredText('brand_name'),
    ...categoryColumns(),
    description: requiredText('description'),
    image: requiredText('image'),
    /** The supplier's own code, unique per supplier (products_owner_sku_key); null when they use none. */
    sku: text('sku'),
    mainQuantity: integer('main_quantity').notNull(),
    minSellingQuantity: integer('min_selling_quantity').notNull(),
    /** Stock below this is low (insights inventory); null means the minimum order quantity. */
    lowStockThreshold: integer('low_stock_threshold'),
    /**
     * Set by the products_low_stock trigger (migration 0019) when the stock went below the threshold and
     * the supplier was emailed; cleared when it is back at or above. Never written by the API.
     */
    lowStockAlerted: boolean('low_stock_alerted').notNull().default(false),
    // Money is exact: numeric(12,2), read back as a JS number (at most 2 decimals, below 2^53).
    price: numeric('price', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    rating: numeric('rating', { precision: 2, scale: 1, mode: 'number' }).notNull(),
    /**
     * Volume pricing, sorted by minQuantity (at most 5, validated by contracts/pricing.ts). On the row
     * rather than in a table: every read and the purchase's UPDATE ... RETURNING get them without a join,
     * and an edit replaces them all at once. Charged through the SQL function unit_price_for().
     */
    priceTiers: jsonb('price_tiers').$type<PriceTier[]>().notNull().default([]),
    ownerUid: requiredText('owner_uid'),
    userEmail: requiredText('user_email'),
    userName: requiredText('user_name'),
    createdAt: stampedAt('created_at'),
    updatedAt: stampedAt('updated_at'),
  },
  (t) => [
    // Stock never goes negative, whatever the request order: the last line of defence against overselling.
    check('products_main_quantity_nonnegative', sql`${t.mainQuantity} >= 0`),
    check('products_min_selling_quantity_positive', sql`${t.minSellingQuantity} >= 1`),
    check('products_price_positive', sql`${t.price} > 0`),
    check('products_rating_range', sql`${t.rating} between 1 and 5`),
    // Default order (newest first) and keyset paging; ascending indexes scanned backwards match
    // ORDER BY ... DESC (NULLS FIRST), which DESC NULLS LAST indexes would not.
    index('products_created_idx').on(t.createdAt, t.id),
    index('products_price_idx').on(t.price, t.id),
    index('products_category_created_idx').on(t.categorySlug, t.createdAt, t.id),
    index('products_category_price_idx').on(t.categorySlug, t.price, t.id),
    // The spec's "available" filter (minimum order over 100) sorted by price or by default order. A literal
    // in the index (migration 0000); products.counts.test.ts proves it is still the constant.
    index('products_bulk_price_idx')
      .on(t.price, t.id)
      .where(sql`${t.minSellingQuantity} > ${BULK_THRESHOLD}`),
    index('products_bulk_created_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.minSellingQuantity} > ${BULK_THRESHOLD}`),
    index('products_owner_idx').on(t.ownerUid, t.createdAt, t.id),
    // Two suppliers may share a SKU; one supplier may not (a CSV import matches rows by it).
    uniqueIndex('products_owner_sku_key')
      .on(t.ownerUid, t.sku)
      .where(sql`${t.sku} is not null`),
  ],
);

/**
 * Products per category, kept exact by triggers on products in the same transaction as each insert,
 * delete or category / minimum-order change (migration 0001). `bulk` counts the products of the
 * "available" filter (minSellingQuantity over MIN_ORDER_FILTER_THRESHOLD, 100). The category list
 * and the x-total-count of the unfiltered, per-category and bulk listings read these rows instead of
 * counting up to 100,000 rows per request.
 */
export const productCounts = pgTable('product_counts', {
  categorySlug: text('category_slug').primaryKey(),
  total: integer('total').notNull().default(0),
  bulk: integer('bulk').notNull().default(0),
});

export const cartItems = pgTable(
  'cart_items',
  {
    id: entityId(),
    ...partyColumns('buyer'),
    // Kept when the product is deleted: the buyer's purchase history must survive it.
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    /** The product as it was when bought (public fields only). */
    productSnapshot: jsonb('product_snapshot').notNull(),
    quantity: integer('quantity').notNull(),
    unitPrice: numeric('unit_price', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    address: requiredText('address'),
    phone: requiredText('phone'),
    /** Stock left right after this purchase: what a retried request with the same key answers. */
    updatedQuantity: integer('updated_quantity').notNull(),
    idempotencyKey: text('idempotency_key'),
    purchasedAt: stampedAt('purchased_at'),
    // A cart item is an order (docs/decisions/0011-orders.md): its state and the supplier who fulfils it.
    status: text('status').$type<OrderStatus>().notNull().default('placed'),
    // The product's owner at purchase, kept so later edits or deletion of the product change nothing.
    // Null only for rows bought before orders existed whose product was already deleted (no owner left).
    supplierUid: text('supplier_uid'),
    supplierEmail: text('supplier_email'),
    supplierName: text('supplier_name'),
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    cancelledBy: text('cancelled_by').$type<OrderActor>(),
    cancelReason: text('cancel_reason'),
    /** When the order became shipped: set by a trigger on that change (migration 0019), kept after delivery. */
    shippedAt: timestamptz('shipped_at'),
    /** The quote and version an accepted quote placed this order from (null for a purchase). */
    quoteId: uuid('quote_id'),
    quoteVersion: integer('quote_version'),
    /** The buyer's purchase order number, printed on the invoice. */
    poNumber: text('po_number'),
    /** The account's terms when bought, set by the cart_items_account_terms trigger (migration 0022). */
    paymentTerms: text('payment_terms').$type<PaymentTerms>().notNull().default('prepay'),
    netDays: integer('net_days'),
  },
  (t) => [
    check('cart_items_quantity_positive', sql`${t.quantity} >= 1`),
    check(
      'cart_items_status_known',
      sql`${t.status} in ('placed', 'confirmed', 'shipped', 'delivered', 'cancelled')`,
    ),
    check(
      'cart_items_cancelled_by_matches',
      sql`(${t.status} = 'cancelled') = (${t.cancelledBy} is not null) and ${t.cancelledBy} in ('buyer', 'supplier')`,
    ),
    uniqueIndex('cart_items_idempotency_idx').on(t.buyerUid, t.idempotencyKey),
    index('cart_items_buyer_idx').on(t.buyerUid, t.purchasedAt, t.id),
    index('cart_items_product_idx').on(t.productId),
    // The supplier's desk: newest first, all orders or one status tab, keyset paged.
    index('cart_items_supplier_idx').on(t.supplierUid, t.purchasedAt, t.id),
    index('cart_items_supplier_status_idx').on(t.supplierUid, t.status, t.purchasedAt, t.id),
    // The credit check's orders not invoiced yet (migration 0025): only the pair's unshipped orders.
    index('cart_items_pair_unshipped_idx')
      .on(t.buyerUid, t.supplierUid)
      .where(sql`${t.status} in ('placed', 'confirmed')`),
  ],
);

/** Every state an order reached, appended in the same transaction as the change. */
export const orderHistory = pgTable(
  'order_history',
  {
    id: logId(),
    orderId: ownerRef('order_id', () => cartItems.id),
    status: text('status').$type<OrderStatus>().notNull(),
    by: text('by').$type<OrderActor>().notNull(),
    at: stampedAt('at'),
  },
  (t) => [index('order_history_order_idx').on(t.orderId, t.id)],
);

export type CategoryRow = typeof categories.$inferSelect;
export type ProductRow = typeof products.$inferSelect;
export type CartItemRow = typeof cartItems.$inferSelect;
export type OrderHistoryRow = typeof orderHistory.$inferSelect;

export * from './catalog';
export * from './insights';
export * from './notifications';
export * from './quotes';
export * from './trade';
