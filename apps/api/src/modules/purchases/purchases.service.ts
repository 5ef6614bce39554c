import {
  PRICING_MESSAGES,
  PURCHASE_MESSAGES,
  ProductSchema,
  lineTotal,
  unitPriceFor,
  type CartItem,
  type CartRemoveResult,
  type PurchaseBody,
  type PurchaseResult,
} from '@bulkwise/contracts';
import type { CartItemRow } from '../../db/schema';
import { AppError, forbidden, notFound, unauthorized } from '../../errors';
import { isUuid } from '../../ids';
import type { AuthUser } from '../auth/tokens';
import type { PurchaseDone, PurchasesRepository } from './purchases.repository';

const UNIQUE_VIOLATION = '23505';
/** Deadlock or serialisation failure: the transaction did nothing and may simply run again. */
const RETRYABLE = new Set(['40P01', '40001']);

function pgCode(err: unknown): string | undefined {
  for (let e: unknown = err, i = 0; e && i < 5; e = (e as { cause?: unknown }).cause, i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

async function withRetry<T>(work: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (err) {
      if (attempt >= attempts || !RETRYABLE.has(pgCode(err) ?? '')) throw err;
    }
  }
}

function toCartItem(row: CartItemRow): CartItem {
  // Items bought before volume pricing have no breaks in their snapshot.
  const snapshot = ProductSchema.parse({ priceTiers: [], ...(row.productSnapshot as object) });
  const unitPrice = Number(row.unitPrice);
  return {
    _id: row.id,
    product: snapshot,
    quantity: row.quantity,
    unitPrice,
    total: lineTotal(row.quantity, unitPrice),
    purchaseDate: row.purchasedAt.toISOString(),
    address: row.address,
    phone: row.phone,
  };
}

const result = (done: PurchaseDone, quantity: number): PurchaseResult => ({
  updatedQuantity: done.updatedQuantity,
  cartItemId: done.cartItemId,
  unitPrice: done.unitPrice,
  total: lineTotal(quantity, done.unitPrice),
});

export function createPurchasesService(deps: { repository: PurchasesRepository }) {
  const { repository } = deps;

  async function replay(user: AuthUser, productId: string, key: string): Promise<PurchaseResult | undefined> {
    const existing = await repository.findByIdempotencyKey(user.uid, key);
    if (!existing) return undefined;
    if (existing.productId !== productId) {
      throw new AppError('CONFLICT', 'This Idempotency-Key was already used for a different purchase');
    }
    return result({ updatedQuantity: existing.updatedQuantity, cartItemId: existing.id, unitPrice: Number(existing.unitPrice) }, existing.quantity);
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
      const order = {
        productId,
        buyer: { uid: user.uid, email: user.email, name: user.name || 'Anonymous' },
        quantity: body.quantity,
        address: body.address,
        phone: body.phone,
        idempotencyKey: idempotencyKey ?? null,
        expectedUnitPrice: body.expectedUnitPrice ?? null,
      };
      try {
        // A refused order is explained from a fresh read; if that read finds nothing to refuse (the stock
        // came back in between), the order simply runs again.
        for (let attempt = 1; ; attempt++) {
          const done = await withRetry(() => repository.purchase(order));
          if (done) return result(done, body.quantity);
          if (idempotencyKey) {
            const previous = await replay(user, productId, idempotencyKey);
            if (previous) return previous;
          }
          const product = await repository.findProduct(productId);
          if (!product) throw notFound('Product');
          if (body.quantity < product.minSellingQuantity) {
            throw new AppError('BELOW_MINIMUM_ORDER', PURCHASE_MESSAGES.minimumOrder(product.minSellingQuantity));
          }
          const unitPrice = unitPriceFor({ price: Number(product.price), priceTiers: product.priceTiers }, body.quantity);
          if (body.expectedUnitPrice !== undefined && Math.round(unitPrice * 100) !== Math.round(body.expectedUnitPrice * 100)) {
            throw new AppError('PRICE_CHANGED', PRICING_MESSAGES.priceChanged(unitPrice), undefined, { unitPrice });
          }
          const insufficient = new AppError('INSUFFICIENT_STOCK', PURCHASE_MESSAGES.maximumAvailable(product.mainQuantity));
          if (body.quantity > product.mainQuantity) throw insufficient;
          if (product.ownerUid === user.uid) throw forbidden('You cannot purchase your own product');
          if (attempt >= 3) throw insufficient;
        }
      } catch (err) {
        // The key was used before, or two requests with one key raced: this statement rolled back; answer
        // with the first purchase's result.
        if (idempotencyKey && pgCode(err) === UNIQUE_VIOLATION) {
          const previous = await replay(user, productId, idempotencyKey);
          if (previous) return previous;
        }
        throw err;
      }
    },

    async cart(user: AuthUser, email: string): Promise<CartItem[]> {
      if (user.email !== email.toLowerCase()) throw forbidden('You can only view your own cart');
      return (await repository.listForBuyer(user.uid)).map(toCartItem);
    },

    /** Deletes the buyer's item and puts its stored quantity back into stock, once. */
    async removeCartItem(user: AuthUser | null, id: string): Promise<CartRemoveResult> {
      if (!user) throw unauthorized();
      if (!isUuid(id)) throw notFound('Cart item');
      return withRetry(() =>
        repository.transaction(async (tx) => {
          const item = await tx.deleteOwnedItem(id, user.uid);
          if (!item) {
            throw (await tx.itemExists(id)) ? forbidden('You can only remove your own cart items') : notFound('Cart item');
          }
          const updatedQuantity = item.productId ? await tx.restoreStock(item.productId, item.quantity) : undefined;
          return { removed: true as const, restoredQuantity: item.quantity, updatedQuantity: updatedQuantity ?? null };
        }),
      );
    },
  };
}
export type PurchasesService = ReturnType<typeof createPurchasesService>;
