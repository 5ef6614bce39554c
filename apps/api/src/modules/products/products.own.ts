import {
  categorySlug,
  pickProductFields,
  priceTierProblems,
  type OwnProduct,
  type ProductInput,
} from '@bulkwise/contracts';
import { AppError, forbidden, notFound } from '../../errors';
import { isUuid } from '../../ids';
import type { ProductRow } from '../../db/schema';
import type { AuthUser } from '../auth/tokens';
import type { InvalidateProducts } from './products.cache';
import { toOwnProduct } from './products.mapper';
import type { ProductsRepository } from './products.repository';

function productFields(input: ProductInput) {
  return { ...pickProductFields(input), categorySlug: categorySlug(input.category) };
}

/** Breaks kept by an update that omits them must still fit the new price and minimum order. */
function checkKeptTiers(input: ProductInput) {
  return (current: ProductRow) => {
    const problems = priceTierProblems(input, current.priceTiers);
    const [first] = problems;
    if (!first) return;
    const fields = Object.fromEntries(problems.map((p) => [`priceTiers.${p.index}.${p.field}`, p.message]));
    throw new AppError('VALIDATION_FAILED', `Invalid priceTiers: ${first.message}`, fields);
  };
}

/** Why an owned write found no row: the product is someone else's (403) or there is none (404). */
const refusal = async (repository: ProductsRepository, id: string, message: string) =>
  (await repository.ownerOf(id)) ? forbidden(message) : notFound('Product');

/** The supplier's own products: read fresh for editing, created, updated and deleted by their owner. */
export function ownProducts(deps: {
  repository: ProductsRepository;
  invalidateProducts: InvalidateProducts;
  checkImage: (user: AuthUser, image: string) => Promise<void>;
}) {
  const { repository, invalidateProducts, checkImage } = deps;
  return {
    /**
     * GET /my-products/:id: the caller's own product, read fresh (the Update page). The API answers
     * ownership itself: 403 when the product is someone else's, 404 when there is none.
     */
    async getOwn(user: AuthUser, id: string): Promise<OwnProduct> {
      const row = isUuid(id) ? await repository.findById(id) : undefined;
      if (!row) throw notFound('Product');
      if (row.ownerUid !== user.uid) throw forbidden('You can only update your own products');
      return toOwnProduct(row);
    },

    /** The owner, their email and display name come from the token, never from the body. */
    async create(user: AuthUser, input: ProductInput): Promise<OwnProduct> {
      await checkImage(user, input.image);
      const row = await repository.insert({
        ...productFields(input),
        priceTiers: input.priceTiers ?? [],
        ownerUid: user.uid,
        userEmail: user.email,
        userName: user.name.trim() || 'Anonymous',
      });
      await invalidateProducts([row.id], { ownerUid: user.uid });
      return toOwnProduct(row);
    },

    async update(user: AuthUser, id: string, input: ProductInput): Promise<OwnProduct> {
      if (!isUuid(id)) throw notFound('Product');
      await checkImage(user, input.image);
      // Omitted breaks stay as they are; a list (empty included) replaces them all.
      const row = input.priceTiers
        ? await repository.updateOwned(id, user.uid, {
            ...productFields(input),
            priceTiers: input.priceTiers,
          })
        : await repository.updateOwnedChecked(id, user.uid, productFields(input), checkKeptTiers(input));
      if (row) {
        await invalidateProducts([id], { ownerUid: user.uid });
        return toOwnProduct(row);
      }
      throw await refusal(repository, id, 'You can only update your own products');
    },

    async remove(user: AuthUser, id: string): Promise<{ deleted: true; _id: string }> {
      if (!isUuid(id)) throw notFound('Product');
      if (await repository.deleteOwned(id, user.uid)) {
        await invalidateProducts([id], { ownerUid: user.uid });
        return { deleted: true, _id: id };
      }
      throw await refusal(repository, id, 'You can only delete your own products');
    },
  };
}
