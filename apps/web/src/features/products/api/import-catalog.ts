import { CatalogImportReportSchema, type CatalogImportReport } from '@bulkwise/contracts';
import { ApiError, apiUpload } from '@/lib/api-client';

export type ImportMode = 'preview' | 'commit';

/** What an import answered: its report, and when a commit applied nothing, why (422 errors, 409 conflicts). */
export interface ImportOutcome {
  report: CatalogImportReport;
  refused?: { code: string; message: string };
}

/**
 * POST /api/my-products/import with the file as the body. A refused commit still carries the report,
 * so the page can show which rows to fix; any other failure is thrown as ApiError.
 */
export async function importCatalog(
  file: Blob,
  mode: ImportMode,
  options: { overwrite?: boolean; onProgress?: (sent: number) => void } = {},
): Promise<ImportOutcome> {
  const query = new URLSearchParams({ mode });
  if (options.overwrite) query.set('onConflict', 'overwrite');
  try {
    const report = await apiUpload(
      `/my-products/import?${query.toString()}`,
      file,
      CatalogImportReportSchema,
      {
        contentType: 'text/csv',
        onProgress: options.onProgress,
      },
    );
    return { report };
  } catch (err) {
    const report =
      err instanceof ApiError
        ? CatalogImportReportSchema.safeParse((err.body as { report?: unknown } | undefined)?.report)
        : undefined;
    if (err instanceof ApiError && report?.success)
      return { report: report.data, refused: { code: err.code, message: err.message } };
    throw err;
  }
}
