import { PRODUCT_FIELDS, pickProductFields, type OwnProduct, type Product } from '@bulkwise/contracts';
import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import { products, type ProductRow } from '../../db/schema';

/** A product as everyone may see it: the supplier's display name, never their email. */
export function toPublicProduct(row: ProductRow): Product {
  return {
    _id: row.id,
    ...pickProductFields(row),
    categorySlug: row.categorySlug,
    priceTiers: row.priceTiers.map((t) => ({ minQuantity: t.minQuantity, price: Number(t.price) })),
    userName: row.userName,
    supplierId: row.ownerUid,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toOwnProduct(row: ProductRow): OwnProduct {
  return { ...toPublicProduct(row), userEmail: row.userEmail };
}

/**
 * toPublicProduct in SQL: the public product as jsonb, from the products row named `alias` (the order
 * snapshot is written by one statement, without a round trip through JavaScript).
 */
export function publicProductJson(alias: string): SQL {
  const columns = getTableColumns(products);
  const column = (name: keyof typeof columns) => sql.raw(`${alias}.${columns[name].name}`);
  const pairs = [
    sql`'_id', ${column('id')}`,
    ...PRODUCT_FIELDS.map((f) => sql`${sql.raw(`'${f}'`)}, ${column(f)}`),
    sql`'categorySlug', ${column('categorySlug')}`,
    sql`'priceTiers', ${column('priceTiers')}`,
    sql`'userName', ${column('userName')}`,
    sql`'supplierId', ${column('ownerUid')}`,
    sql`'createdAt', to_char(${column('createdAt')} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
  ];
  return sql`jsonb_build_object(${sql.join(pairs, sql`, `)})`;
}
