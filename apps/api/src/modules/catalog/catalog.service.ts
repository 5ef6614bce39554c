import { createHash } from 'node:crypto';
import {
  CATALOG_CSV_COLUMNS,
  CATALOG_EXPORT_BATCH,
  CATALOG_MESSAGES,
  type CatalogImportQuery,
  type CatalogImportReport,
} from '@bulkwise/contracts';
import { stringify } from 'csv-stringify/sync';
import { AppError } from '../../errors';
import type { AuthUser } from '../auth/tokens';
import type { InvalidateProducts } from '../products/products.cache';
import { exportRow, parseCatalogCsv, type CatalogProduct } from './catalog.csv';
import { namedKeys, planImport } from './catalog.plan';
import type { CatalogRepository, ExportCursor } from './catalog.repository';

/** RFC 4180 lines with CRLF, quoting only where needed (cells are already neutralised). */
const csvLines = (rows: string[][]) => stringify(rows, { record_delimiter: '\r\n' });

const TEMPLATE_ROWS: CatalogProduct[] = [
  {
    id: '',
    fields: {
      image: 'https://images.example.com/bolts-m10.jpg',
      sku: 'BOLT-M10-250',
      name: 'Galvanised bolts M10',
      brandName: 'Fastenco',
      category: 'Industrial Machinery & Tools',
      mainQuantity: 5000,
      minSellingQuantity: 50,
      lowStockThreshold: 500,
      price: 12.5,
      rating: 4.5,
      description: 'Box of 250, zinc plated.',
    },
    priceTiers: [
      { minQuantity: 100, price: 11.75 },
      { minQuantity: 500, price: 11 },
    ],
    version: '',
  },
  {
    id: '',
    fields: {
      image: 'https://images.example.com/a4-paper.jpg',
      sku: null,
      name: 'A4 copy paper, 80 g/m², 5 reams',
      brandName: 'Papyra',
      category: 'Office Supplies & Stationery',
      mainQuantity: 1200,
      minSellingQuantity: 10,
      lowStockThreshold: null,
      price: 21.9,
      rating: 4,
      description: 'Bright white, "laser & inkjet", 500 sheets per ream.\nFSC certified.',
    },
    priceTiers: [],
    version: '',
  },
];

const refused = (code: 'IMPORT_REJECTED' | 'CONFLICT', message: string, report: CatalogImportReport) =>
  new AppError(code, message, undefined, { report });

/** Any row error refuses the whole file (422), and so does a conflict unless the caller overwrites (409). */
function assertAppliable(report: CatalogImportReport, overwrite: boolean) {
  if (report.errors.length > 0) {
    throw refused(
      'IMPORT_REJECTED',
      CATALOG_MESSAGES.rejected(new Set(report.errors.map((e) => e.row)).size),
      report,
    );
  }
  if (report.conflicts.length > 0 && !overwrite) {
    throw refused(
      'CONFLICT',
      CATALOG_MESSAGES.conflicted(new Set(report.conflicts.map((c) => c.row)).size),
      report,
    );
  }
}

/** The answer to a commit of a file this owner already imported: nothing written again. */
const alreadyImported = (rows: number): CatalogImportReport => ({
  rows,
  create: 0,
  update: 0,
  unchanged: rows,
  conflicts: [],
  errors: [],
  alreadyImported: true,
});

async function* exportCsv(repository: CatalogRepository, user: AuthUser): AsyncGenerator<string> {
  yield csvLines([[...CATALOG_CSV_COLUMNS]]);
  let cursor: ExportCursor | undefined;
  for (;;) {
    const batch = await repository.exportBatch(user.uid, CATALOG_EXPORT_BATCH, cursor);
    if (batch.products.length > 0) yield csvLines(batch.products.map(exportRow));
    if (batch.products.length < CATALOG_EXPORT_BATCH) return;
    cursor = batch.next;
  }
}

export function createCatalogService(deps: {
  repository: CatalogRepository;
  invalidateProducts: InvalidateProducts;
  /** Of the uploaded images named, those not the caller's (images.service foreignUploads). */
  foreignUploads?: (user: AuthUser, images: Iterable<string>) => Promise<Set<string>>;
}) {
  const { repository, invalidateProducts } = deps;
  const foreignUploadsOf = async (user: AuthUser, csv: ReturnType<typeof parseCatalogCsv>) =>
    deps.foreignUploads
      ? deps.foreignUploads(
          user,
          csv.rows.map((r) => r.cells.get('image')?.trim() ?? ''),
        )
      : new Set<string>();

  return {
    /**
     * GET /my-products/export.csv: the header, then the owner's products a batch at a time, so a catalog
     * of 100,000 products never sits in memory.
     */
    exportCsv: (user: AuthUser) => exportCsv(repository, user),

    /** GET /my-products/import-template.csv: the header and two example rows. */
    templateCsv(): string {
      return csvLines([[...CATALOG_CSV_COLUMNS], ...TEMPLATE_ROWS.map(exportRow)]);
    },

    /**
     * POST /my-products/import. Preview plans and changes nothing. Commit plans again on the locked rows
     * inside one transaction and applies everything or nothing: any row error is 422, a conflict (a
     * product changed since the export) 409 unless onConflict=overwrite, each with the report.
     */
    async import(user: AuthUser, bytes: Buffer, query: CatalogImportQuery): Promise<CatalogImportReport> {
      const csv = parseCatalogCsv(bytes);
      const keys = namedKeys(csv);
      const overwrite = query.onConflict === 'overwrite';
      const foreignUploads = await foreignUploadsOf(user, csv);
      if (query.mode === 'preview') {
        return planImport(csv, {
          ...(await repository.matched(user.uid, keys.ids, keys.skus)),
          overwrite: false,
          foreignUploads,
        }).report;
      }
      const digest = createHash('sha256').update(bytes).digest('hex');
      const outcome = await repository.commit(user, digest, keys, (context) => {
        const plan = planImport(csv, { ...context, overwrite, foreignUploads });
        assertAppliable(plan.report, overwrite);
        return { ...plan, result: plan.report };
      });
      if ('repeated' in outcome) return alreadyImported(csv.rows.length);
      // The same call a form edit makes once it has committed; other instances hear it from the trigger.
      if (outcome.written.length > 0) await invalidateProducts(outcome.written, { ownerUid: user.uid });
      return outcome.result;
    },
  };
}
export type CatalogService = ReturnType<typeof createCatalogService>;
