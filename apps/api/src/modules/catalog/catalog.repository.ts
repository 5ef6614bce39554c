import { categorySlug, pickProductFields, type PriceTier } from '@bulkwise/contracts';
import { and, asc, eq, getTableColumns, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { catalogImports, products, type ProductRow } from '../../db/schema';
import { guardSku } from '../products/products.repository';
import type { CatalogProduct } from './catalog.csv';
import type { CatalogCreate, CatalogUpdate } from './catalog.plan';

/**
 * The row's transaction id: PostgreSQL gives every written row version a new one, so it changes with any
 * write (an edit, stock taken by an order, an import) and never otherwise. Opaque to the client.
 */
const VERSION = sql<string>`${products}.xmin::text`;
/** created_at to the microsecond, as text, for the export's keyset (a JS Date keeps milliseconds). */
const CREATED_EXACT = sql<string>`to_char(${products.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const catalogColumns = { ...getTableColumns(products), version: VERSION, createdExact: CREATED_EXACT };
type CatalogRow = ProductRow & { version: string; createdExact: string };

export const toCatalogProduct = (row: CatalogRow): CatalogProduct => ({
  id: row.id,
  fields: pickProductFields(row),
  priceTiers: row.priceTiers.map((t) => ({ minQuantity: t.minQuantity, price: Number(t.price) })),
  version: row.version,
});

/** Position after the last exported row: oldest first, like the supplier listed them. */
export type ExportCursor = { createdAt: string; id: string };

/** Rows per INSERT of an import's new products: well under PostgreSQL's 65,535 bind parameters. */
const INSERT_BATCH = 500;

export interface Owner {
  uid: string;
  email: string;
  name: string;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Handle = Db | Tx;

async function matched(handle: Handle, ownerUid: string, ids: string[], skus: string[], lock: boolean) {
  const keys: SQL[] = [];
  if (ids.length) keys.push(inArray(products.id, ids));
  if (skus.length) keys.push(inArray(products.sku, skus));
  if (!keys.length) return { own: new Map<string, CatalogProduct>(), foreignIds: new Set<string>() };
  const query = handle
    .select(catalogColumns)
    .from(products)
    .where(and(eq(products.ownerUid, ownerUid), or(...keys)))
    .orderBy(asc(products.id));
  // Locked in id order (every importer locks the same way), so two imports cannot deadlock each other.
  const rows = lock ? await query.for('update') : await query;
  const foreign = ids.length
    ? await handle
        .select({ id: products.id })
        .from(products)
        .where(and(inArray(products.id, ids), ne(products.ownerUid, ownerUid)))
    : [];
  return {
    own: new Map(rows.map((r) => [r.id, toCatalogProduct(r)])),
    foreignIds: new Set(foreign.map((r) => r.id)),
  };
}

/** The import's new products, INSERT_BATCH rows a statement; answers their ids in order. */
async function insertCreates(tx: Tx, owner: Owner, creates: CatalogCreate[]): Promise<string[]> {
  const written: string[] = [];
  for (let i = 0; i < creates.length; i += INSERT_BATCH) {
    const values = creates.slice(i, i + INSERT_BATCH).map(({ input }) => ({
      ...pickProductFields(input),
      sku: input.sku ?? null,
      categorySlug: categorySlug(input.category),
      priceTiers: input.priceTiers,
      ownerUid: owner.uid,
      userEmail: owner.email,
      userName: owner.name.trim() || 'Anonymous',
    }));
    const rows = await tx.insert(products).values(values).returning({ id: products.id });
    written.push(...rows.map((r) => r.id));
  }
  return written;
}

/** The import's changes to the owner's existing products; answers their ids. */
async function applyUpdates(tx: Tx, owner: Owner, updates: CatalogUpdate[]): Promise<string[]> {
  const written: string[] = [];
  for (const { id, changes } of updates) {
    const { priceTiers, ...fields } = changes;
    await tx
      .update(products)
      .set({
        ...fields,
        ...(fields.category ? { categorySlug: categorySlug(fields.category) } : {}),
        ...(priceTiers ? { priceTiers: priceTiers as PriceTier[] } : {}),
        updatedAt: new Date(),
      })
      .where(and(eq(products.id, id), eq(products.ownerUid, owner.uid)));
    written.push(id);
  }
  return written;
}

type ImportKeys = { ids: string[]; skus: string[] };
type ImportWork<T> = (context: Awaited<ReturnType<typeof matched>>) => {
  creates: CatalogCreate[];
  updates: CatalogUpdate[];
  result: T;
};

/** The import's transaction: its ledger row, the named products locked, what `work` decided written. */
function commitImport<T>(
  db: Db,
  owner: Owner,
  digest: string,
  keys: ImportKeys,
  work: ImportWork<T>,
): Promise<{ result: T; written: string[] } | { repeated: true }> {
  return guardSku(() =>
    db.transaction(async (tx) => {
      // The ledger row first: a second commit of the same file waits here, then finds it and stops.
      const [fresh] = await tx
        .insert(catalogImports)
        .values({ ownerUid: owner.uid, digest, rows: 0 })
        .onConflictDoNothing()
        .returning({ digest: catalogImports.digest });
      if (!fresh) return { repeated: true as const };
      const context = await matched(tx, owner.uid, keys.ids, keys.skus, true);
      const { creates, updates, result } = work(context);
      const written = [
        ...(await insertCreates(tx, owner, creates)),
        ...(await applyUpdates(tx, owner, updates)),
      ];
      await tx
        .update(catalogImports)
        .set({ rows: creates.length + updates.length })
        .where(and(eq(catalogImports.ownerUid, owner.uid), eq(catalogImports.digest, digest)));
      return { result, written };
    }),
  );
}

export function createCatalogRepository(db: Db) {
  return {
    /** One batch of the owner's products in export order, after `cursor`. */
    async exportBatch(ownerUid: string, limit: number, cursor?: ExportCursor) {
      const rows = await db
        .select(catalogColumns)
        .from(products)
        .where(
          and(
            eq(products.ownerUid, ownerUid),
            cursor
              ? sql`(${products.createdAt}, ${products.id}) > (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`
              : undefined,
          ),
        )
        .orderBy(asc(products.createdAt), asc(products.id))
        .limit(limit);
      const last = rows.at(-1);
      return {
        products: rows.map(toCatalogProduct),
        next: last ? { createdAt: last.createdExact, id: last.id } : undefined,
      };
    },

    /** The caller's products the file names by id or SKU, and the named ids that are someone else's. */
    async matched(ownerUid: string, ids: string[], skus: string[]) {
      return matched(db, ownerUid, ids, skus, false);
    },

    /**
     * Runs `work` in one transaction with the named products locked (a purchase of one waits for the
     * commit and then takes from the imported stock; one that committed before shows as a new version).
     * `work` returns what to write, or throws to write nothing.
     */
    commit: <T>(owner: Owner, digest: string, keys: ImportKeys, work: ImportWork<T>) =>
      commitImport(db, owner, digest, keys, work),
  };
}
export type CatalogRepository = ReturnType<typeof createCatalogRepository>;
