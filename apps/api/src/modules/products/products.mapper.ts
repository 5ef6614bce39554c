import type { OwnProduct, Product } from '@bulkwise/contracts';
import type { ProductRow } from '../../db/schema';

/** A product as everyone may see it: the supplier's display name, never their email. */
export function toPublicProduct(row: ProductRow): Product {
  return {
    _id: row.id,
    image: row.image,
    name: row.name,
    brandName: row.brandName,
    category: row.category,
    categorySlug: row.categorySlug,
    description: row.description,
    mainQuantity: row.mainQuantity,
    minSellingQuantity: row.minSellingQuantity,
    price: Number(row.price),
    rating: Number(row.rating),
    priceTiers: row.priceTiers.map((t) => ({ minQuantity: t.minQuantity, price: Number(t.price) })),
    userName: row.userName,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toOwnProduct(row: ProductRow): OwnProduct {
  return { ...toPublicProduct(row), userEmail: row.userEmail };
}
