import {
  CATALOG_FIELD_COLUMNS,
  SKU_TAKEN_MESSAGE,
  type CatalogImportReport,
  type PriceTier,
  type ProductInput,
} from '@bulkwise/contracts';
import { isUuid } from '../../ids';
import type { CatalogProduct, ParsedCsv } from './catalog.csv';
import { planRow, type Planning } from './catalog.plan-rows';

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

/** The plan once every row is in: SKUs moved onto taken ones refused, failed rows' updates dropped. */
function finish(p: Planning, rows: number): CatalogPlan {
  const { errors, ownBySku, skuAfter } = p;
  // A SKU moved onto a product must not be held by another of the caller's products that keeps it.
  for (const { line, id, sku } of p.pendingSkuChecks) {
    const holder = ownBySku.get(sku);
    if (holder && holder.id !== id && (skuAfter.has(holder.id) ? skuAfter.get(holder.id) : sku) === sku) {
      errors.push({ row: line, column: 'sku', message: SKU_TAKEN_MESSAGE });
    }
  }
  const failedLines = new Set(errors.map((e) => e.row));
  const keptUpdates = p.updates.filter((u) => !failedLines.has(u.line));
  errors.sort((a, b) => a.row - b.row);

  return {
    report: {
      rows,
      create: p.creates.length,
      update: keptUpdates.length,
      unchanged: p.unchanged,
      conflicts: p.conflicts,
      errors,
    },
    creates: p.creates,
    updates: keptUpdates,
  };
}

/**
 * The import, decided: every row matched (own id, else SKU, else a new product), checked with the
 * product form's rules, compared with the product as it is, and sorted into create, update, unchanged,
 * conflict or error. Pure: the preview is this plan, and commit applies this same plan to rows it locked.
 */
export function planImport(csv: ParsedCsv, context: PlanContext): CatalogPlan {
  const planning: Planning = {
    context,
    present: csv.columns.filter((c) => FIELD_OF_COLUMN.has(c)).map((c) => FIELD_OF_COLUMN.get(c)!),
    hasTiers: csv.columns.includes('priceTiers'),
    ownBySku: new Map(
      [...context.own.values()].filter((p) => p.fields.sku !== null).map((p) => [String(p.fields.sku), p]),
    ),
    errors: [],
    conflicts: [],
    creates: [],
    updates: [],
    unchanged: 0,
    lineOfProduct: new Map(),
    lineOfSku: new Map(),
    skuAfter: new Map(),
    pendingSkuChecks: [],
  };
  for (const row of csv.rows) planRow(planning, row, csv.columns.length);
  return finish(planning, csv.rows.length);
}
