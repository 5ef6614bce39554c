import {
  PRICING_MESSAGES,
  PURCHASE_MESSAGES,
  lineTotal,
  unitPriceFor,
  type PurchaseBody,
  type PurchaseResult,
} from '@bulkwise/contracts';
import type { KeyedQueue } from '../../db/keyed-queue';
import { AppError, forbidden, notFound } from '../../errors';
import { isUuid } from '../../ids';
import type { CartItemRow, ProductRow } from '../../db/schema';
import type { AuthUser } from '../auth/tokens';
import { ordersTag } from '../orders/orders.cache';
import { stockTag } from '../products/products.cache';
import { toOrderEvent } from '../orders/orders.mapper';
import type { PlacedOrder, PurchaseOrder, PurchasesRepository } from './purchases.repository';

/** The `placed` event of a purchase, from what the purchase statement answered. */
function placedEvent(user: AuthUser, order: PurchaseOrder, placed: PlacedOrder) {
  return toOrderEvent(
    {
      ...placed,
      buyerUid: user.uid,
      buyerName: order.buyer.name,
      buyerEmail: order.buyer.email,
      productId: order.productId,
      quantity: order.quantity,
      address: order.address,
      phone: order.phone,
      carrier: null,
      trackingNumber: null,
      cancelReason: null,
    },
    'placed',
    'buyer',
    placed.purchasedAt,
  );
}

/** The purchase's answer, from the order row a purchase wrote (or the first one, for a repeated key). */
function answer(row: {
  id: string;
  updatedQuantity: number;
  quantity: number;
  unitPrice: number | string;
}): PurchaseResult {
  const unitPrice = Number(row.unitPrice);
  return {
    updatedQuantity: row.updatedQuantity,
    cartItemId: row.id,
    unitPrice,
    total: lineTotal(row.quantity, unitPrice),
  };
}

/** The order as the statement takes it: the buyer is the token's identity, whatever the body says. */
function orderOf(
  user: AuthUser,
  productId: string,
  body: PurchaseBody,
  idempotencyKey?: string,
): PurchaseOrder {
  return {
    productId,
    buyer: { uid: user.uid, email: user.email, name: user.name || 'Anonymous' },
    quantity: body.quantity,
    address: body.address,
    phone: body.phone,
    idempotencyKey: idempotencyKey ?? null,
    expectedUnitPrice: body.expectedUnitPrice ?? null,
    poNumber: body.poNumber ?? null,
  };
}

/** Whether a retry with a used Idempotency-Key asks for what the first purchase bought. */
function sameRequest(existing: CartItemRow, order: PurchaseOrder): boolean {
  const cents = (v: number | string) => Math.round(Number(v) * 100);
  return (
    existing.productId === order.productId &&
    existing.quantity === order.quantity &&
    existing.address === order.address &&
    existing.phone === order.phone &&
    (order.expectedUnitPrice === null || cents(order.expectedUnitPrice) === cents(existing.unitPrice))
  );
}

/**
 * Why the product refused the order, from a fresh read of it: throws the refusal, or returns when
 * there is nothing to refuse (the stock came back in between) and the order may run again.
 */
function explainRefusal(
  product: ProductRow | undefined,
  user: AuthUser,
  body: PurchaseBody,
  attempt: number,
): void {
  if (!product) throw notFound('Product');
  if (body.quantity < product.minSellingQuantity) {
    throw new AppError('BELOW_MINIMUM_ORDER', PURCHASE_MESSAGES.minimumOrder(product.minSellingQuantity));
  }
  const unitPrice = unitPriceFor(
    { price: Number(product.price), priceTiers: product.priceTiers },
    body.quantity,
  );
  if (
    body.expectedUnitPrice !== undefined &&
    Math.round(unitPrice * 100) !== Math.round(body.expectedUnitPrice * 100)
  ) {
    throw new AppError('PRICE_CHANGED', PRICING_MESSAGES.priceChanged(unitPrice), undefined, {
      unitPrice,
    });
  }
  const insufficient = new AppError(
    'INSUFFICIENT_STOCK',
    PURCHASE_MESSAGES.maximumAvailable(product.mainQuantity),
  );
  if (body.quantity > product.mainQuantity) throw insufficient;
  if (product.ownerUid === user.uid) throw forbidden('You cannot purchase your own product');
  if (attempt >= 3) throw insufficient;
}

export interface PurchasesServiceDeps {
  /** Records each order's `placed` event with it (created with the app's OrderEventSink). */
  repository: PurchasesRepository;
  /** Stock writers of one product run one at a time in this process (db/keyed-queue.ts). */
  productWrites: KeyedQueue;
  /**
   * After a purchase committed: drops the cached reads of `tags` here at once and resolves once every
   * other process was told (the bus's `publish`). The purchase's own transaction does not notify.
   */
  publish: (tags: readonly string[]) => Promise<void>;
}

/** The purchase statement and the order's `placed` event commit together or not at all. */
async function placeOrder(
  { repository, productWrites: queue, publish }: PurchasesServiceDeps,
  user: AuthUser,
  order: PurchaseOrder,
): Promise<PurchaseResult | 'refused' | 'keyUsed'> {
  const outcome = await queue.run(order.productId, () =>
    repository.place(order, (placed) => placedEvent(user, order, placed)),
  );
  if ('refused' in outcome) return 'refused';
  if ('keyUsed' in outcome) return 'keyUsed';
  // The product's stock (its page and the listing and search pages it is on) and the supplier's desk.
  const { supplierUid } = outcome.placed;
  await publish(
    supplierUid === null ? [stockTag(order.productId)] : [stockTag(order.productId), ordersTag(supplierUid)],
  );
  return answer({ ...outcome.placed, quantity: order.quantity });
}

export function createPurchasesService(deps: PurchasesServiceDeps) {
  const { repository } = deps;

  async function replay(
    user: AuthUser,
    order: PurchaseOrder,
    key: string,
  ): Promise<PurchaseResult | undefined> {
    const existing = await repository.findByIdempotencyKey(user.uid, key);
    if (!existing) return undefined;
    // Answering the first purchase to a retry that asks for something else would tell the buyer that
    // the new quantity or address was accepted when it was not: a differing request is refused.
    if (!sameRequest(existing, order))
      throw new AppError('IDEMPOTENCY_MISMATCH', PURCHASE_MESSAGES.idempotencyMismatch);
    return answer(existing);
  }

  return {
    /**
     * One statement takes the stock and records the cart item with a snapshot of the product. The buyer
     * is the token's identity, whatever the body says. A retried Idempotency-Key is not looked up first
     * (that would cost every purchase a round trip): its insert fails on the unique key, which undoes
     * the stock change, and the first purchase's result is answered.
     */
    async purchase(
      user: AuthUser,
      productId: string,
      body: PurchaseBody,
      idempotencyKey?: string,
    ): Promise<PurchaseResult> {
      if (!isUuid(productId)) throw notFound('Product');
      const order = orderOf(user, productId, body, idempotencyKey);
      // A refused order is explained from a fresh read; if that read finds nothing to refuse (the stock
      // came back in between), the order simply runs again.
      for (let attempt = 1; ; attempt++) {
        const done = await placeOrder(deps, user, order);
        if (typeof done === 'object') return done;
        if (idempotencyKey) {
          // The key was used before, or two requests with one key raced: answer the first purchase's result.
          const previous = await replay(user, order, idempotencyKey);
          if (previous) return previous;
          if (done === 'keyUsed') throw new AppError('CONFLICT', 'This Idempotency-Key was already used');
        }
        explainRefusal(await repository.findProduct(productId), user, body, attempt);
      }
    },
  };
}
export type PurchasesService = ReturnType<typeof createPurchasesService>;
