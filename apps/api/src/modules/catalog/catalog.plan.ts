import {
  CATALOG_FIELD_COLUMNS,
  CATALOG_MESSAGES,
  CreateProductBodySchema,
  IMAGE_MESSAGES,
  parseUploadedImage,
  OPTIONAL_PRODUCT_FIELDS,
  SKU_TAKEN_MESSAGE,
  catalogColumnOf,
  type CatalogConflict,
  type CatalogImportReport,
  type CatalogRowError,
  type PriceTier,
  type ProductField,
  type ProductInput,
} from '@bulkwise/contracts';
import { isUuid } from '../../ids';
import {
  fieldCell,
  fieldValue,
  parsePriceTiers,
  priceTiersCell,
  type CatalogProduct,
  type ParsedCsv,
} from './catalog.csv';

/** What the file would write: a whole new product, or the changed fields of one of the caller's. */
export type CatalogCreate = { line: number; input: ProductInput & { priceTiers: PriceTier[] } };
export type CatalogUpdate = { line: number; id: string; changes: Partial<ProductInput> };

export interface CatalogPlan {
  report: CatalogImportReport;
  creates: CatalogCreate[];
  updates: CatalogUpdate[];
}

/** The caller's products the file names (by id or SKU), and the ids it names that are someone else's. */
export interface PlanContext {
  own: ReadonlyMap<string, CatalogProduct>;
  foreignIds: ReadonlySet<string>;
  /** Conflicting rows are applied (as updates) instead of refused. */
  overwrite: boolean;
  /** Upload ids the file names that are not the caller's: such an image is a row error. */
  foreignUploads?: ReadonlySet<string>;
}

const FIELD_OF_COLUMN = new Map(CATALOG_FIELD_COLUMNS.map(({ field, column }) => [column, field]));

/** The ids and SKUs a file names: what the repository reads before planning. */
export function namedKeys(csv: ParsedCsv): { ids: string[]; skus: string[] } {
  const ids = new Set<string>();
  const skus = new Set<string>();
  for (const { cells } of csv.rows) {
    const id = cells.get('id')?.trim().toLowerCase();
    if (id && isUuid(id)) ids.add(id);
    const sku = cells.get('sku')?.trim();
    if (sku) skus.add(sku);
  }
  return { ids: [...ids], skus: [...skus] };
}

const same = (a: unknown, b: unknown) => (a ?? null) === (b ?? null);
const sameTiers = (a: readonly PriceTier[], b: readonly PriceTier[]) =>
  priceTiersCell(a) === priceTiersCell(b);

/**
 * The import, decided: every row matched (own id, else SKU, else a new product), checked with the
 * product form's rules, compared with the product as it is, and sorted into create, update, unchanged,
 * conflict or error. Pure: the preview is this plan, and commit applies this same plan to rows it locked.
 */
export function planImport(csv: ParsedCsv, context: PlanContext): CatalogPlan {
  const { own, foreignIds, overwrite } = context;
  const present = csv.columns.filter((c) => FIELD_OF_COLUMN.has(c)).map((c) => FIELD_OF_COLUMN.get(c)!);
  const hasTiers = csv.columns.includes('priceTiers');
  const ownBySku = new Map(
    [...own.values()].filter((p) => p.fields.sku !== null).map((p) => [String(p.fields.sku), p]),
  );

  const errors: CatalogRowError[] = [];
  const conflicts: CatalogConflict[] = [];
  const creates: CatalogCreate[] = [];
  const updates: CatalogUpdate[] = [];
  let unchanged = 0;
  const lineOfProduct = new Map<string, number>();
  const lineOfSku = new Map<string, number>();
  // Final SKU of every product the file changes, to tell a SKU freed in the same file from a taken one.
  const skuAfter = new Map<string, string | null>();
  const pendingSkuChecks: Array<{ line: number; id: string; sku: string }> = [];

  for (const { line, cells, cellCount } of csv.rows) {
    const fail = (column: string, message: string) => errors.push({ row: line, column, message });
    if (cellCount !== undefined) {
      fail('', CATALOG_MESSAGES.cellCount(cellCount, csv.columns.length));
      continue;
    }

    const rawId = cells.get('id')?.trim().toLowerCase() ?? '';
    let target: CatalogProduct | undefined;
    if (rawId !== '') {
      if (!isUuid(rawId)) {
        fail('id', CATALOG_MESSAGES.badId);
        continue;
      }
      if (foreignIds.has(rawId)) {
        fail('id', CATALOG_MESSAGES.notYours);
        continue;
      }
      target = own.get(rawId);
    }
    const fileSku = cells.get('sku')?.trim();
    // An id that matches nothing (a product since deleted, another store's export) falls back to the SKU.
    if (!target && fileSku) target = ownBySku.get(fileSku);
    if (target) {
      const earlier = lineOfProduct.get(target.id);
      if (earlier !== undefined) {
        fail(rawId && target.id === rawId ? 'id' : 'sku', CATALOG_MESSAGES.duplicateId(earlier));
        continue;
      }
      lineOfProduct.set(target.id, line);
    }

    const fromFile: Record<string, unknown> = {};
    for (const field of present) {
      fromFile[field] = fieldValue(
        field,
        cells.get(catalogColumnOf(field)) ?? '',
        OPTIONAL_PRODUCT_FIELDS.has(field),
      );
    }
    if (hasTiers) {
      const tiers = parsePriceTiers(cells.get('priceTiers') ?? '');
      if (tiers === null) {
        fail('priceTiers', CATALOG_MESSAGES.priceTiers);
        continue;
      }
      fromFile.priceTiers = tiers;
    }

    // A column left out of the file keeps the product's value: the rules judge the product as it would be.
    const merged = target ? { ...target.fields, priceTiers: target.priceTiers, ...fromFile } : fromFile;
    const checked = CreateProductBodySchema.safeParse(merged);
    if (!checked.success) {
      const seen = new Set<string>();
      for (const issue of checked.error.issues) {
        const [field] = issue.path;
        const column =
          field === 'priceTiers'
            ? 'priceTiers'
            : typeof field === 'string'
              ? catalogColumnOf(field as ProductField)
              : '';
        if (seen.has(column)) continue;
        seen.add(column);
        fail(column, issue.message);
      }
      continue;
    }
    const input = { ...checked.data, priceTiers: checked.data.priceTiers ?? [] };
    const upload = parseUploadedImage(input.image);
    if (upload && context.foreignUploads?.has(upload.id)) {
      fail(catalogColumnOf('image'), IMAGE_MESSAGES.notYours);
      continue;
    }

    const sku = input.sku ?? null;
    if (sku !== null) {
      const earlier = lineOfSku.get(sku);
      if (earlier !== undefined) {
        fail('sku', CATALOG_MESSAGES.duplicateSku(earlier));
        continue;
      }
      lineOfSku.set(sku, line);
    }

    if (!target) {
      creates.push({ line, input });
      continue;
    }

    const changes: Partial<ProductInput> = {};
    const changed: ProductField[] = [];
    for (const field of present) {
      if (same(input[field], target.fields[field])) continue;
      changed.push(field);
      Object.assign(changes, { [field]: input[field] });
    }
    const tiersChanged = hasTiers && !sameTiers(input.priceTiers, target.priceTiers);
    if (tiersChanged) changes.priceTiers = input.priceTiers;
    if (changed.length === 0 && !tiersChanged) {
      unchanged++;
      continue;
    }
    if ('sku' in changes) {
      skuAfter.set(target.id, sku);
      if (sku !== null) pendingSkuChecks.push({ line, id: target.id, sku });
    }

    const version = cells.get('version')?.trim() ?? '';
    if (version !== '' && version !== target.version) {
      for (const field of changed) {
        conflicts.push({
          row: line,
          id: target.id,
          column: catalogColumnOf(field),
          current: fieldCell(field, target.fields[field]),
          file: fieldCell(field, (input[field] ?? null) as string | number | null),
        });
      }
      if (tiersChanged) {
        conflicts.push({
          row: line,
          id: target.id,
          column: 'priceTiers',
          current: priceTiersCell(target.priceTiers),
          file: priceTiersCell(input.priceTiers),
        });
      }
      if (!overwrite) continue;
    }
    updates.push({ line, id: target.id, changes });
  }

  // A SKU moved onto a product must not be held by another of the caller's products that keeps it.
  for (const { line, id, sku } of pendingSkuChecks) {
    const holder = ownBySku.get(sku);
    if (holder && holder.id !== id && (skuAfter.has(holder.id) ? skuAfter.get(holder.id) : sku) === sku) {
      errors.push({ row: line, column: 'sku', message: SKU_TAKEN_MESSAGE });
    }
  }
  const failedLines = new Set(errors.map((e) => e.row));
  const keptUpdates = updates.filter((u) => !failedLines.has(u.line));
  errors.sort((a, b) => a.row - b.row);

  return {
    report: {
      rows: csv.rows.length,
      create: creates.length,
      update: keptUpdates.length,
      unchanged,
      conflicts,
      errors,
    },
    creates,
    updates: keptUpdates,
  };
}
