import { index, integer, pgTable, primaryKey, uniqueIndex } from 'drizzle-orm/pg-core';
import { requiredText, stampedAt } from './columns';

/* The catalog module's own tables: the files a supplier imported and the images users uploaded. */

/**
 * Catalog files a supplier committed, by the SHA-256 of their bytes: committing the same file again
 * applies nothing (rows without an id or SKU would otherwise be created twice). Written in the commit's
 * transaction, so a file that was refused is not remembered.
 */
export const catalogImports = pgTable(
  'catalog_imports',
  {
    ownerUid: requiredText('owner_uid'),
    digest: requiredText('digest'),
    rows: integer('rows').notNull(),
    committedAt: stampedAt('committed_at'),
  },
  (t) => [uniqueIndex('catalog_imports_owner_digest_key').on(t.ownerUid, t.digest)],
);

/**
 * Images a user uploaded (POST /api/images), one row per uploader: the same bytes uploaded by two users
 * are one set of files with two owners. `width` is the widest variant stored (its name is derived from
 * it), `height` that variant's. `last_used_at` is set by the upload and by every product save that uses
 * it: the sweep removes rows unused for a day that no product and no order references.
 */
export const uploadedImages = pgTable(
  'uploaded_images',
  {
    id: requiredText('id'),
    ownerUid: requiredText('owner_uid'),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: stampedAt('created_at'),
    lastUsedAt: stampedAt('last_used_at'),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.ownerUid] }),
    index('uploaded_images_last_used_idx').on(t.lastUsedAt),
  ],
);
