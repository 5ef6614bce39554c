import { getTableColumns, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  cartItems,
  orderHistory,
  type CartItemRow,
  type QuotePricedLine,
  type QuoteRow,
} from '../../db/schema';
import type { OrderEventSink } from '../orders/order-events';
import { newOrderFromTaken, type OrderValues } from '../orders/order-values';
import { toOrderEvent } from '../orders/orders.mapper';
import { publicProductJson } from '../products/products.mapper';
import { takeStock } from '../products/stock.repository';

/** A line the stock could not cover: the whole accept rolls back and names it. */
export class ShortLine extends Error {
  constructor(readonly productId: string) {
    super(`short line ${productId}`);
  }
}

/** Every column of the order one line of the accepted version places, from the quote and `taken`. */
function quotedOrderValues(quote: QuoteRow, version: number, line: QuotePricedLine): OrderValues {
  return {
    id: sql`gen_random_uuid()`,
    buyerUid: sql`${quote.buyerUid}`,
    buyerEmail: sql`${quote.buyerEmail}`,
    buyerName: sql`${quote.buyerName}`,
    productId: sql`taken.id`,
    productSnapshot: publicProductJson('taken'),
    quantity: sql`${line.quantity}::int`,
    unitPrice: sql`${(line.unitPriceCents / 100).toFixed(2)}::numeric(12, 2)`,
    address: sql`${quote.address}`,
    phone: sql`${quote.phone}`,
    updatedQuantity: sql`taken.main_quantity`,
    idempotencyKey: sql`null`,
    purchasedAt: sql`date_trunc('milliseconds', now())`,
    ...newOrderFromTaken(),
    quoteId: sql`${quote.id}::uuid`,
    quoteVersion: sql`${version}::int`,
    poNumber: sql`null`,
    // Set from the trade account by the cart_items_account_terms trigger (migration 0022), which also
    // checks the credit: an accepted quote on account counts against the limit like a purchase.
    paymentTerms: sql`'prepay'`,
    netDays: sql`null`,
  };
}

/**
 * Places one order per line of the accepted version, on the caller's transaction: the stock is taken
 * by products' takeStock (the purchase's guard, row lock and check constraint: never oversold), below
 * the minimum order when the supplier offered that quantity. Lines run in product id order, so two
 * accepts sharing products lock them in one order and cannot deadlock each other. Throws ShortLine
 * (rolling everything back) at the first line the stock cannot cover.
 */
export async function placeQuotedOrders(
  tx: Db,
  quote: QuoteRow,
  version: number,
  lines: QuotePricedLine[],
  events: OrderEventSink,
): Promise<CartItemRow[]> {
  const placed: CartItemRow[] = [];
  for (const line of [...lines].sort((a, b) => a.productId.localeCompare(b.productId))) {
    const taken = takeStock(
      tx,
      {
        productId: sql`${line.productId}::uuid`,
        quantity: sql`${line.quantity}::int`,
        buyerUid: sql`${quote.buyerUid}::text`,
        expectedUnitPrice: sql`null::numeric`,
      },
      { belowMinimum: true },
    );
    const values = quotedOrderValues(quote, version, line);
    // INSERT ... SELECT lists every column of the table in schema order (as the purchase statement does).
    const columns = Object.keys(getTableColumns(cartItems)) as Array<keyof typeof values>;
    const [row] = await tx
      .with(taken)
      .insert(cartItems)
      .select(
        sql`select ${sql.join(
          columns.map((c) => values[c]),
          sql`, `,
        )} from ${taken}`,
      )
      .returning();
    if (!row) throw new ShortLine(line.productId);
    await tx
      .insert(orderHistory)
      .values({ orderId: row.id, status: 'placed', by: 'buyer', at: row.purchasedAt });
    await events.record(tx, toOrderEvent(row, 'placed', 'buyer', row.purchasedAt));
    placed.push(row);
  }
  return placed;
}
