import { z } from 'zod';
import { PRODUCT_FIELDS, type ProductField } from './products';

/**
 * The catalog as a spreadsheet: GET /my-products/export.csv, the import template and
 * POST /my-products/import. Columns come from the product field list, so a new product field is a new
 * column without a second edit; only the order and the spreadsheet names of some are chosen here.
 */

/** A column's name in the file where it differs from the field's (suppliers say "stock"). */
const COLUMN_NAMES: Partial<Record<ProductField, string>> = { mainQuantity: 'stock' };
/** The order suppliers read (identity first, the long cells last); a field not listed here goes last. */
const COLUMN_ORDER: readonly ProductField[] = [
  'sku',
  'name',
  'brandName',
  'category',
  'price',
  'mainQuantity',
  'minSellingQuantity',
  'lowStockThreshold',
  'rating',
  'description',
  'image',
];

export const catalogColumnOf = (field: ProductField): string => COLUMN_NAMES[field] ?? field;

const rank = (f: ProductField) => {
  const at = COLUMN_ORDER.indexOf(f);
  return at === -1 ? COLUMN_ORDER.length : at;
};
/** The product fields in the file's order, each with its column name. */
export const CATALOG_FIELD_COLUMNS: ReadonlyArray<{ field: ProductField; column: string }> = [
  ...PRODUCT_FIELDS,
]
  .sort((a, b) => rank(a) - rank(b))
  .map((field) => ({ field, column: catalogColumnOf(field) }));

/** The export's header, and every column an import may carry (in any order, any subset). */
export const CATALOG_CSV_COLUMNS: readonly string[] = [
  'id',
  ...CATALOG_FIELD_COLUMNS.map((c) => c.column),
  'priceTiers',
  'version',
];

/** Largest import body; a larger one is refused (413) before it is read whole. */
export const CATALOG_IMPORT_MAX_BYTES = 15 * 1024 * 1024;
/** Rows listed on the import page; the full report is a download. */
export const CATALOG_REPORT_SHOWN = 200;
/** Rows per database read of the export. */
export const CATALOG_EXPORT_BATCH = 1_000;

export const CATALOG_IMPORT_MODES = ['preview', 'commit'] as const;
export const CatalogImportQuerySchema = z.object({
  mode: z.enum(CATALOG_IMPORT_MODES, { error: 'mode must be preview or commit' }),
  /** Commit only: apply rows whose product changed since the export (their version) anyway. */
  onConflict: z.enum(['refuse', 'overwrite'], { error: 'onConflict must be refuse or overwrite' }).optional(),
});
export type CatalogImportQuery = z.infer<typeof CatalogImportQuerySchema>;

/** `row` of a conflict or an error: the file's line number (the header is line 1). */
const fileRow = z.number().int();

/** A row whose product changed since the file was exported: one entry per column the file would change. */
export const CatalogConflictSchema = z.object({
  row: fileRow,
  id: z.string(),
  column: z.string(),
  current: z.string(),
  file: z.string(),
});
export type CatalogConflict = z.infer<typeof CatalogConflictSchema>;

/** A cell (or a whole row, column '') the import refuses, with the same words as the product form. */
export const CatalogRowErrorSchema = z.object({ row: fileRow, column: z.string(), message: z.string() });
export type CatalogRowError = z.infer<typeof CatalogRowErrorSchema>;

/**
 * What preview answers, and commit too (with what it did). rows, create, update and unchanged are
 * counts; a conflicting row is in none of create/update/unchanged.
 */
export const CatalogImportReportSchema = z.object({
  rows: z.number().int(),
  create: z.number().int(),
  update: z.number().int(),
  unchanged: z.number().int(),
  conflicts: z.array(CatalogConflictSchema),
  errors: z.array(CatalogRowErrorSchema),
  /** Commit of a file this supplier already committed: nothing was applied again. */
  alreadyImported: z.boolean().optional(),
});
export type CatalogImportReport = z.infer<typeof CatalogImportReportSchema>;

/** Price breaks in one cell: `minQuantity:price` pairs joined by `;`, prices with two decimals. */
export const PRICE_TIERS_CELL_EXAMPLE = '100:9.50;500:9.00';

/** What the catalog import answers in words (the web shows the same). */
export const CATALOG_MESSAGES = {
  notUtf8: 'The file is not UTF-8 text. Save it from your spreadsheet as "CSV UTF-8" and try again.',
  binary: 'The file is not a CSV file (it contains binary data).',
  empty: 'The file is empty: it needs a header row and at least one product row.',
  unreadable: (detail: string) => `The file could not be read as CSV: ${detail}`,
  unknownColumns: (names: string[]) =>
    `Unknown column${names.length > 1 ? 's' : ''} ${names.map((n) => `"${n}"`).join(', ')}. The columns are: ${CATALOG_CSV_COLUMNS.join(', ')}.`,
  duplicateColumn: (name: string) => `The column "${name}" appears twice in the header.`,
  tooLarge: `The file is larger than ${CATALOG_IMPORT_MAX_BYTES / 1024 / 1024} MB. Split it into smaller files.`,
  cellCount: (found: number, expected: number) => `This row has ${found} cells; the header has ${expected}.`,
  notYours: 'This id is another supplier\u2019s product: only your own products can be updated.',
  badId: 'id must be a product id from your export (or empty to create a product)',
  duplicateId: (row: number) => `This product is already on row ${row} of the file.`,
  duplicateSku: (row: number) => `This SKU is already on row ${row} of the file.`,
  priceTiers: `priceTiers must be written like ${PRICE_TIERS_CELL_EXAMPLE} (minimum quantity:price, separated by ;)`,
  rejected: (errors: number) =>
    `Nothing was imported: ${errors} row${errors === 1 ? ' has' : 's have'} errors.`,
  conflicted: (rows: number) =>
    `Nothing was imported: ${rows} product${rows === 1 ? '' : 's'} changed since the export. Export again, or import anyway to overwrite them.`,
} as const;
