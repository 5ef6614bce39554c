import { UPLOADED_IMAGE_PREFIX } from '@bulkwise/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { uploadedImages } from '../../db/schema';

/** The per-image lock of an upload and the sweep (a transaction-level advisory lock on the id). */
const lockImage = (id: string) => sql`select pg_advisory_xact_lock(hashtextextended(${'image:' + id}, 0))`;

/** True when a product or an order (its snapshot) shows one of this image's variants. */
const referenced = (id: string) => {
  const pattern = `${UPLOADED_IMAGE_PREFIX}${id}-%`;
  return sql`(exists (select 1 from products where image like ${pattern})
    or exists (select 1 from cart_items where product_snapshot->>'image' like ${pattern}))`;
};

/** Uploads: who uploaded an image, which of them a save may use, an upload's width. */
function uploadQueries(db: Db) {
  return {
    /**
     * Records `ownerUid` as an uploader of `id` and runs `writeFiles` under the image's lock, so a sweep
     * that removes the files of an image nobody owns any more cannot interleave with a new upload of the
     * same bytes: either the sweep ran first (files written again after) or it sees the new owner.
     */
    async recordUpload(
      row: { id: string; ownerUid: string; width: number; height: number },
      writeFiles: () => Promise<void>,
    ): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.execute(lockImage(row.id));
        await tx
          .insert(uploadedImages)
          .values(row)
          .onConflictDoUpdate({
            target: [uploadedImages.id, uploadedImages.ownerUid],
            set: { lastUsedAt: sql`now()` },
          });
        await writeFiles();
      });
    },

    /**
     * Of `ids`, those `ownerUid` uploaded, marked as used now: a sweep that has not removed them yet will
     * not for another day, and one that has leaves nothing to return (the save is refused, not broken).
     */
    async claimOwned(ownerUid: string, ids: string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .update(uploadedImages)
        .set({ lastUsedAt: sql`now()` })
        .where(and(eq(uploadedImages.ownerUid, ownerUid), inArray(uploadedImages.id, ids)))
        .returning({ id: uploadedImages.id });
      return new Set(rows.map((r) => r.id));
    },

    /** The widest stored width of an upload, or undefined when there is no such upload. */
    async widthOf(id: string): Promise<number | undefined> {
      const [row] = await db
        .select({ width: uploadedImages.width })
        .from(uploadedImages)
        .where(eq(uploadedImages.id, id))
        .limit(1);
      return row?.width;
    },
  };
}

/** The sweep: images unused for a while, and the removal of one nobody shows. */
function sweepQueries(db: Db) {
  return {
    /** Images with an owner row unused since `before` (candidates of the sweep), at most `limit`. */
    async staleIds(before: Date, limit: number): Promise<string[]> {
      const rows = await db
        .selectDistinct({ id: uploadedImages.id })
        .from(uploadedImages)
        .where(sql`${uploadedImages.lastUsedAt} < ${before.toISOString()}::timestamptz`)
        .limit(limit);
      return rows.map((r) => r.id);
    },

    /**
     * Under the image's lock: deletes its owner rows unused since `before` unless a product or an order
     * shows it; when no owner is left, runs `removeFiles` with the widest width (before the commit, so a
     * failure keeps the rows for the next sweep). Answers whether the files went.
     */
    async sweepOne(
      id: string,
      before: Date,
      removeFiles: (width: number) => Promise<void>,
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        await tx.execute(lockImage(id));
        const stale = and(
          eq(uploadedImages.id, id),
          sql`${uploadedImages.lastUsedAt} < ${before.toISOString()}::timestamptz`,
        );
        const result = await tx.execute(sql`select ${referenced(id)} as "inUse"`);
        if ((result as unknown as { rows: Array<{ inUse: boolean }> }).rows[0]?.inUse) {
          // Looked at again in a day rather than at every sweep.
          await tx
            .update(uploadedImages)
            .set({ lastUsedAt: sql`now()` })
            .where(stale);
          return false;
        }
        const deleted = await tx
          .delete(uploadedImages)
          .where(stale)
          .returning({ width: uploadedImages.width });
        if (deleted.length === 0) return false;
        const left = await tx
          .select({ id: uploadedImages.id })
          .from(uploadedImages)
          .where(eq(uploadedImages.id, id))
          .limit(1);
        if (left.length > 0) return false;
        await removeFiles(Math.max(...deleted.map((d) => d.width)));
        return true;
      });
    },
  };
}

export function createImagesRepository(db: Db) {
  return { ...uploadQueries(db), ...sweepQueries(db) };
}
export type ImagesRepository = ReturnType<typeof createImagesRepository>;
