import { CATALOG_REPORT_SHOWN, type CatalogImportReport } from '@bulkwise/contracts';
import { CheckboxLabel } from '@/components/form/checkbox-label';
import { saveFile } from '@/lib/save-file';
import { CATALOG_IMPORT_COPY as COPY } from '../catalog-import-copy';
import type { CatalogImport } from './use-catalog-import';

/** The preview's counts, the rows to fix or changed since the export, and the choice to overwrite. */
export function CatalogImportReportView({
  report,
  state: { listed, conflictRows, overwrite, setOverwrite },
}: {
  report: CatalogImportReport;
  state: CatalogImport;
}) {
  return (
    <>
      <dl className="grid grid-cols-3 gap-2 text-center sm:grid-cols-6" data-testid="import-counts">
        {(
          [
            ['Rows', report.rows],
            ['New', report.create],
            ['Updated', report.update],
            ['Unchanged', report.unchanged],
            ['Conflicts', conflictRows],
            ['Errors', new Set(report.errors.map((e) => e.row)).size],
          ] as const
        ).map(([label, value]) => (
          <div key={label} className="rounded-box bg-base-200 p-2">
            <dt className="text-xs text-base-content/70">{label}</dt>
            <dd className="text-lg font-bold">{value}</dd>
          </div>
        ))}
      </dl>
      {report.errors.length > 0 && <p>{COPY.fixErrors}</p>}
      {listed.length > 0 && <ImportProblems report={report} listed={listed} />}
      {conflictRows > 0 && report.errors.length === 0 && (
        <CheckboxLabel
          className="label cursor-pointer justify-start gap-2"
          checked={overwrite}
          onChange={setOverwrite}
        >
          <span className="label-text">{COPY.overwrite(conflictRows)}</span>
        </CheckboxLabel>
      )}
    </>
  );
}

/** The first problems as a table, and the full report to download. */
function ImportProblems({
  report,
  listed,
}: {
  report: CatalogImportReport;
  listed: CatalogImport['listed'];
}) {
  return (
    <>
      <div className="max-h-64 overflow-auto rounded-box border border-base-300">
        <table className="table table-sm" aria-label={COPY.problemsLabel}>
          <thead>
            <tr>
              <th scope="col">Row</th>
              <th scope="col">Column</th>
              <th scope="col">Problem</th>
            </tr>
          </thead>
          <tbody>
            {listed.slice(0, CATALOG_REPORT_SHOWN).map((p, i) => (
              <tr key={i} data-testid="import-problem">
                <td>{p.row}</td>
                <td>{p.column}</td>
                <td>{p.text}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <span>
          {listed.length > CATALOG_REPORT_SHOWN ? COPY.shownOf(CATALOG_REPORT_SHOWN, listed.length) : ''}
        </span>
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          onClick={() => saveFile(JSON.stringify(report, null, 2), 'import-report.json', 'application/json')}
        >
          {COPY.downloadReport}
        </button>
      </div>
    </>
  );
}
