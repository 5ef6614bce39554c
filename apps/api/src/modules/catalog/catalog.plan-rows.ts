import {
  CATALOG_MESSAGES,
  CreateProductBodySchema,
  IMAGE_MESSAGES,
  parseUploadedImage,
  OPTIONAL_PRODUCT_FIELDS,
  catalogColumnOf,
  type CatalogConflict,
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
import type { CatalogCreate, CatalogUpdate, PlanContext } from './catalog.plan';

// The steps of planning one row of an import (catalog.plan.ts): match, read, check, compare.

const same = (a: unknown, b: unknown) => (a ?? null) === (b ?? null);
const sameTiers = (a: readonly PriceTier[], b: readonly PriceTier[]) =>
  priceTiersCell(a) === priceTiersCell(b);

type Fail = (column: string, message: string) => void;
type Row = ParsedCsv['rows'][number];
type Input = ProductInput & { priceTiers: PriceTier[] };

/** What planning the rows gathers, row after row. */
export interface Planning {
  context: PlanContext;
  present: ProductField[];
  hasTiers: boolean;
  ownBySku: Map<string, CatalogProduct>;
  errors: CatalogRowError[];
  conflicts: CatalogConflict[];
  creates: CatalogCreate[];
  updates: CatalogUpdate[];
  unchanged: number;
  lineOfProduct: Map<string, number>;
  lineOfSku: Map<string, number>;
  /** Final SKU of every product the file changes, to tell a SKU freed in the same file from a taken one. */
  skuAfter: Map<string, string | null>;
  pendingSkuChecks: Array<{ line: number; id: string; sku: string }>;
}

/** The caller's product a row names (`{}` for a new one), or undefined when the row failed. */
function matchTarget(p: Planning, { line, cells }: Row, fail: Fail): { target?: CatalogProduct } | undefined {
  const { own, foreignIds } = p.context;
  const rawId = cells.get('id')?.trim().toLowerCase() ?? '';
  let target: CatalogProduct | undefined;
  if (rawId !== '') {
    if (!isUuid(rawId)) return void fail('id', CATALOG_MESSAGES.badId);
    if (foreignIds.has(rawId)) return void fail('id', CATALOG_MESSAGES.notYours);
    target = own.get(rawId);
  }
  const fileSku = cells.get('sku')?.trim();
  // An id that matches nothing (a product since deleted, another store's export) falls back to the SKU.
  if (!target && fileSku) target = p.ownBySku.get(fileSku);
  if (target) {
    const earlier = p.lineOfProduct.get(target.id);
    if (earlier !== undefined) {
      return void fail(rawId && target.id === rawId ? 'id' : 'sku', CATALOG_MESSAGES.duplicateId(earlier));
    }
    p.lineOfProduct.set(target.id, line);
  }
  return { target };
}

/** The row's cells of the file's columns as field values, or undefined when its price tiers are unreadable. */
function fileFields(p: Planning, { cells }: Row, fail: Fail): Record<string, unknown> | undefined {
  const fromFile: Record<string, unknown> = {};
  for (const field of p.present) {
    fromFile[field] = fieldValue(
      field,
      cells.get(catalogColumnOf(field)) ?? '',
      OPTIONAL_PRODUCT_FIELDS.has(field),
    );
  }
  if (p.hasTiers) {
    const tiers = parsePriceTiers(cells.get('priceTiers') ?? '');
    if (tiers === null) return void fail('priceTiers', CATALOG_MESSAGES.priceTiers);
    fromFile.priceTiers = tiers;
  }
  return fromFile;
}

/** The product as it would be, judged by the form's rules (one error per column), and its image's owner. */
function checkedInput(p: Planning, merged: Record<string, unknown>, fail: Fail): Input | undefined {
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
    return undefined;
  }
  const input = { ...checked.data, priceTiers: checked.data.priceTiers ?? [] };
  const upload = parseUploadedImage(input.image);
  if (upload && p.context.foreignUploads?.has(upload.id)) {
    return void fail(catalogColumnOf('image'), IMAGE_MESSAGES.notYours);
  }
  return input;
}

/** One SKU per file: false (and a row error) when an earlier row has it. */
function claimSku(p: Planning, line: number, sku: string | null, fail: Fail): boolean {
  if (sku === null) return true;
  const earlier = p.lineOfSku.get(sku);
  if (earlier !== undefined) {
    fail('sku', CATALOG_MESSAGES.duplicateSku(earlier));
    return false;
  }
  p.lineOfSku.set(sku, line);
  return true;
}

/** The fields (and price tiers) of the file's columns that differ from the product as it is. */
function diff(p: Planning, input: Input, target: CatalogProduct) {
  const changes: Partial<ProductInput> = {};
  const changed: ProductField[] = [];
  for (const field of p.present) {
    if (same(input[field], target.fields[field])) continue;
    changed.push(field);
    Object.assign(changes, { [field]: input[field] });
  }
  const tiersChanged = p.hasTiers && !sameTiers(input.priceTiers, target.priceTiers);
  if (tiersChanged) changes.priceTiers = input.priceTiers;
  return { changes, changed, tiersChanged };
}

/** The changed cells of a product that changed since the file's export (its `version`). */
function recordConflicts(
  p: Planning,
  line: number,
  target: CatalogProduct,
  input: Input,
  { changed, tiersChanged }: ReturnType<typeof diff>,
) {
  for (const field of changed) {
    p.conflicts.push({
      row: line,
      id: target.id,
      column: catalogColumnOf(field),
      current: fieldCell(field, target.fields[field]),
      file: fieldCell(field, (input[field] ?? null) as string | number | null),
    });
  }
  if (tiersChanged) {
    p.conflicts.push({
      row: line,
      id: target.id,
      column: 'priceTiers',
      current: priceTiersCell(target.priceTiers),
      file: priceTiersCell(input.priceTiers),
    });
  }
}

/** One row: an error, a create, unchanged, a conflict, or an update. */
export function planRow(p: Planning, row: Row, columns: number) {
  const { line, cells, cellCount } = row;
  const fail: Fail = (column, message) => p.errors.push({ row: line, column, message });
  if (cellCount !== undefined) return fail('', CATALOG_MESSAGES.cellCount(cellCount, columns));
  const matched = matchTarget(p, row, fail);
  if (!matched) return;
  const { target } = matched;
  const fromFile = fileFields(p, row, fail);
  if (!fromFile) return;
  // A column left out of the file keeps the product's value: the rules judge the product as it would be.
  const merged = target ? { ...target.fields, priceTiers: target.priceTiers, ...fromFile } : fromFile;
  const input = checkedInput(p, merged, fail);
  if (!input) return;
  const sku = input.sku ?? null;
  if (!claimSku(p, line, sku, fail)) return;
  if (!target) return void p.creates.push({ line, input });

  const difference = diff(p, input, target);
  if (difference.changed.length === 0 && !difference.tiersChanged) return void p.unchanged++;
  if ('sku' in difference.changes) {
    p.skuAfter.set(target.id, sku);
    if (sku !== null) p.pendingSkuChecks.push({ line, id: target.id, sku });
  }
  const version = cells.get('version')?.trim() ?? '';
  if (version !== '' && version !== target.version) {
    recordConflicts(p, line, target, input, difference);
    if (!p.context.overwrite) return;
  }
  p.updates.push({ line, id: target.id, changes: difference.changes });
}
