import {
  ORDER_CSV_BATCH,
  ORDER_MESSAGES,
  ORDER_PAGE_DEFAULT_LIMIT,
  transitionFor,
  type CancelOrderBody,
  type CartRemoveResult,
  type Order,
  type OrderActor,
  type OrderListQuery,
  type OrderMove,
  type OrderStatus,
  type OrderSummary,
  type OrderTransition,
  type ShipOrderBody,
} from '@bulkwise/contracts';
import type { Db } from '../../db/client';
import type { KeyedQueue } from '../../db/keyed-queue';
import { withRetry } from '../../db/errors';
import type { CartItemRow } from '../../db/schema';
import { AppError, forbidden, notFound } from '../../errors';
import { isUuid } from '../../ids';
import type { AuthUser } from '../auth/tokens';
import type { InvalidateProducts } from '../products/products.cache';
import type { InvalidateInvoices } from '../trade/invoices.cache';
import { restoreStock } from '../products/stock.repository';
import type { OrderEventSink } from './order-events';
import { ORDER_CSV_HEADER, csvCell, csvRow } from './orders.csv';
import type { InvalidateOrders, OrdersReadCache } from './orders.cache';
import { toOrder, toOrderEvent } from './orders.mapper';
import type { BuyerFilter, MoveChanges, OrderCursor, OrderRow, OrdersRepository } from './orders.repository';
import { decodeOrderCursor, encodeOrderCursor } from './orders.cursor';

export interface OrderPage {
  items: Order[];
  total: number;
  nextCursor: string | null;
}

const conflict = (status: OrderStatus, message = ORDER_MESSAGES.notAllowed(status)) =>
  new AppError('CONFLICT', message);

export interface OrdersServiceDeps {
  repository: OrdersRepository;
  events: OrderEventSink;
  /** Per-supplier counts kept until that supplier's orders change (orders.cache.ts). */
  reads: OrdersReadCache;
  /** A committed change drops that supplier's cached desk reads, here and (by NOTIFY) everywhere. */
  invalidateOrders: InvalidateOrders;
  /** Stock writers of one product run one at a time in this process (db/keyed-queue.ts). */
  productWrites: KeyedQueue;
  /** A restore changes the product's stock: cached reads of it go, here and (by NOTIFY) everywhere. */
  invalidateProducts: InvalidateProducts;
  /** Trade on account: issues invoices and credit notes in the move's transaction (modules/trade/invoicing.ts). */
  invoicing?: { onOrderMoved(tx: Db, row: CartItemRow, to: OrderStatus): Promise<boolean> };
  /** A move that issued an invoice or a credit note drops both parties' cached invoices pages. */
  invalidateInvoices?: InvalidateInvoices;
  /** Today, for each order's invoice state (overdue); default the system clock. */
  clock?: () => Date;
}

/**
 * The guarded change, its history entry, the stock restore and the event, in one transaction.
 * Undefined when the guard did not hold (another move won, or the order is not in a from-state).
 */
async function runMove(
  deps: OrdersServiceDeps,
  order: OrderRow,
  actor: OrderActor,
  uid: string,
  transition: OrderTransition,
  changes: MoveChanges,
) {
  const { repository, events, invalidateOrders, productWrites, invalidateProducts } = deps;
  const done = await productWrites.run(order.productId ?? order.id, () =>
    withRetry(() =>
      repository.transaction(async (q, tx: Db) => {
        const row: CartItemRow | undefined = await q.move(
          order.id,
          { actor, uid, from: transition.from },
          changes,
        );
        if (!row) return undefined;
        await q.appendHistory(row.id, transition.to, actor);
        const invoiced = (await deps.invoicing?.onOrderMoved(tx, row, transition.to)) ?? false;
        const restored =
          transition.stock === 'restore' && row.productId
            ? await restoreStock(tx, row.productId, row.quantity)
            : undefined;
        await events.record(tx, toOrderEvent(row, transition.to, actor, new Date()));
        return { row, updatedQuantity: restored ?? null, invoiced };
      }),
    ),
  );
  if (done) invalidateOrders(order.supplierUid);
  const { supplierUid, buyerUid } = done?.row ?? {};
  if (done?.invoiced && supplierUid && buyerUid) deps.invalidateInvoices?.({ supplierUid, buyerUid });
  if (done && transition.stock === 'restore' && done.row.productId)
    await invalidateProducts([done.row.productId], { stockOnly: true });
  return done;
}

/** Reading one order and moving it, by either of its parties. */
function orderMoves(deps: OrdersServiceDeps, today: () => string) {
  const { repository } = deps;

  /** The order and the caller's part in it; 404 for anyone who is neither its buyer nor its supplier. */
  async function visible(user: AuthUser, id: string): Promise<{ row: OrderRow; actor: OrderActor }> {
    const row = isUuid(id) ? await repository.findById(id) : undefined;
    if (row?.buyerUid === user.uid) return { row, actor: 'buyer' };
    if (row && row.supplierUid === user.uid) return { row, actor: 'supplier' };
    throw notFound('Order');
  }

  async function move(
    user: AuthUser,
    id: string,
    name: OrderMove,
    changes: Omit<MoveChanges, 'status'> = {},
  ): Promise<Order> {
    const { row, actor } = await visible(user, id);
    const transition = transitionFor(name, actor);
    if (!transition) throw forbidden(ORDER_MESSAGES.wrongParty);
    if (name === 'cancel' && actor === 'supplier' && !changes.cancelReason) {
      throw new AppError('VALIDATION_FAILED', ORDER_MESSAGES.reasonRequired, {
        reason: ORDER_MESSAGES.reasonRequired,
      });
    }
    const extra = name === 'cancel' ? { cancelledBy: actor } : {};
    if (
      await runMove(deps, row, actor, user.uid, transition, { ...changes, ...extra, status: transition.to })
    ) {
      return toOrder((await repository.findById(id))!, today());
    }
    // Repeating the move that already happened changes nothing and is not an error.
    const now = (await repository.findById(id))!;
    if (now.status === transition.to) return toOrder(now, today());
    throw conflict(now.status);
  }

  return {
    get: async (user: AuthUser, id: string) => toOrder((await visible(user, id)).row, today()),
    confirm: (user: AuthUser, id: string) => move(user, id, 'confirm'),
    ship: (user: AuthUser, id: string, body: ShipOrderBody) => move(user, id, 'ship', body),
    deliver: (user: AuthUser, id: string) => move(user, id, 'deliver'),
    cancel: (user: AuthUser, id: string, body: CancelOrderBody) =>
      move(user, id, 'cancel', { cancelReason: body.reason }),
  };
}

/** My Cart: the buyer's orders, and cancelling a placed one from there. */
function cartOrders(deps: OrdersServiceDeps, today: () => string) {
  const { repository } = deps;
  return {
    /** GET /cart: the buyer is the token's identity; `email`, when sent, must be theirs. */
    async cart(user: AuthUser, email: string | undefined, status: BuyerFilter | undefined): Promise<Order[]> {
      if (email !== undefined && user.email !== email.toLowerCase())
        throw forbidden('You can only view your own cart');
      return (await repository.listForBuyer(user.uid, status ?? 'open')).map((row) => toOrder(row, today()));
    },

    /** DELETE /cart/:id: the buyer cancels a `placed` order; the stock comes back once. */
    async removeFromCart(user: AuthUser, id: string): Promise<CartRemoveResult> {
      const row = isUuid(id) ? await repository.findById(id) : undefined;
      // A cancelled order has left the cart: removing it again answers 404, as before orders existed.
      if (!row || (row.status === 'cancelled' && row.buyerUid === user.uid)) throw notFound('Cart item');
      if (row.buyerUid !== user.uid) throw forbidden('You can only remove your own cart items');
      if (row.status !== 'placed') throw conflict(row.status, ORDER_MESSAGES.cannotRemove(row.status));
      const transition = transitionFor('cancel', 'buyer')!;
      const done = await runMove(deps, row, 'buyer', user.uid, transition, {
        status: 'cancelled',
        cancelledBy: 'buyer',
        cancelReason: null,
      });
      if (done)
        return { removed: true, restoredQuantity: done.row.quantity, updatedQuantity: done.updatedQuantity };
      const now = (await repository.findById(id))!;
      if (now.status === 'cancelled') throw notFound('Cart item');
      throw conflict(now.status, ORDER_MESSAGES.cannotRemove(now.status));
    },
  };
}

// Rows per piece the export yields (~11 KB): @fastify/compress's object-mode stream buffers 16 writes of
// any size, so a whole batch per write (225 KB) held 3.5 MB of CSV text long enough to be promoted.
const CSV_ROWS_PER_PIECE = 50;

/** The supplier's orders as CSV lines, read in batches so a large export never sits in memory. */
async function* exportOrdersCsv(
  repository: OrdersRepository,
  user: AuthUser,
  status?: OrderStatus,
): AsyncGenerator<string> {
  yield `${ORDER_CSV_HEADER.map(csvCell).join(',')}\r\n`;
  let cursor: OrderCursor | undefined;
  for (;;) {
    const rows = await repository.exportBatch(user.uid, ORDER_CSV_BATCH, status, cursor);
    for (let from = 0; from < rows.length; from += CSV_ROWS_PER_PIECE)
      yield rows
        .slice(from, from + CSV_ROWS_PER_PIECE)
        .map(csvRow)
        .join('');
    if (rows.length < ORDER_CSV_BATCH) return;
    const last = rows.at(-1)!;
    cursor = { at: last.purchasedAtCursor, id: last.id };
  }
}

export function createOrdersService(deps: OrdersServiceDeps) {
  const { repository, reads } = deps;
  const today = () => (deps.clock?.() ?? new Date()).toISOString().slice(0, 10);

  /** The counts as served: one JSON body per supplier, counted again only after a change. */
  const summaryResponse = (supplierUid: string) =>
    reads.read(JSON.stringify(['summary', supplierUid]), supplierUid, async () => ({
      body: JSON.stringify(await repository.summary(supplierUid)),
    }));
  const summary = async (supplierUid: string): Promise<OrderSummary> =>
    JSON.parse((await summaryResponse(supplierUid)).body) as OrderSummary;

  return {
    ...orderMoves(deps, today),
    summary: (user: AuthUser) => summaryResponse(user.uid),

    /** The day invoice states are derived for: a cached desk page is kept per day, so "overdue" follows the clock. */
    today,

    /** The orders `user` received as a supplier, newest first, keyset paged. */
    async listForSupplier(user: AuthUser, query: OrderListQuery, day = today()): Promise<OrderPage> {
      const cursor = query.cursor === undefined ? undefined : decodeOrderCursor(query.cursor);
      const limit = query.limit ?? ORDER_PAGE_DEFAULT_LIMIT;
      const [page, all] = await Promise.all([
        repository.pageForSupplier(user.uid, limit, query.status, cursor),
        summary(user.uid),
      ]);
      const last = page.rows.at(-1);
      return {
        items: page.rows.map((row) => toOrder(row, day)),
        total: query.status ? all[query.status] : Object.values(all).reduce((a, b) => a + b, 0),
        nextCursor: page.hasMore && last ? encodeOrderCursor(last) : null,
      };
    },

    ...cartOrders(deps, today),
    exportCsv: (user: AuthUser, status?: OrderStatus) => exportOrdersCsv(repository, user, status),
  };
}
export type OrdersService = ReturnType<typeof createOrdersService>;
