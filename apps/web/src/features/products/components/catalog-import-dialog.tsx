import {
  CATALOG_IMPORT_MAX_BYTES,
  CATALOG_MESSAGES,
  CATALOG_REPORT_SHOWN,
  type CatalogImportReport,
} from '@bulkwise/contracts';
import { FileUp } from 'lucide-react';
import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { BusyButton } from '@/components/form/busy-button';
import { CATALOG_IMPORT_COPY as COPY } from '../catalog-import-copy';
import { ApiError } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';
import { importCatalog, type ImportOutcome } from '../api/import-catalog';

type Phase =
  | { step: 'choose' }
  | { step: 'uploading'; sent: number }
  | { step: 'preview'; outcome: ImportOutcome }
  | { step: 'committing'; outcome: ImportOutcome };

interface CatalogImportDialogProps {
  open: boolean;
  onClose: () => void;
  /** A commit applied the file: the page refreshes its list and says what changed. */
  onImported: (report: CatalogImportReport) => void;
}

// jsdom has no showModal(); the attribute alone still renders the dialog there.
function openModal(dialog: HTMLDialogElement) {
  if (typeof dialog.showModal !== 'function') dialog.setAttribute('open', '');
  else if (!dialog.open) dialog.showModal();
}
function closeModal(dialog: HTMLDialogElement) {
  if (typeof dialog.close !== 'function') dialog.removeAttribute('open');
  else if (dialog.open) dialog.close();
}

/** One line per problem, errors first: what the table shows and the full report lists. */
function problems(report: CatalogImportReport) {
  return [
    ...report.errors.map((e) => ({ row: e.row, column: e.column || '(row)', text: e.message })),
    ...report.conflicts.map((c) => ({
      row: c.row,
      column: c.column,
      text: COPY.conflict(c.current, c.file),
    })),
  ];
}

/**
 * Import products from a CSV file: choose or drop it, watch it upload, read the preview (counts, then
 * the rows to fix or the products changed since the export), then import. A native modal <dialog>:
 * Escape closes it except while the import runs; every step is announced to screen readers.
 */
export function CatalogImportDialog({ open, onClose, onImported }: CatalogImportDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const inputId = useId();
  const [phase, setPhase] = useState<Phase>({ step: 'choose' });
  const [file, setFile] = useState<File | null>(null);
  const [overwrite, setOverwrite] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open) openModal(dialog);
    else closeModal(dialog);
  }, [open]);

  const reset = () => {
    setPhase({ step: 'choose' });
    setFile(null);
    setOverwrite(false);
    setFailure(null);
  };
  const close = () => {
    reset();
    onClose();
  };

  const preview = async (chosen: File) => {
    setFile(chosen);
    setFailure(null);
    setOverwrite(false);
    if (chosen.size > CATALOG_IMPORT_MAX_BYTES) {
      setFailure(CATALOG_MESSAGES.tooLarge);
      return;
    }
    setPhase({ step: 'uploading', sent: 0 });
    try {
      const outcome = await importCatalog(chosen, 'preview', {
        onProgress: (sent) => setPhase({ step: 'uploading', sent }),
      });
      setPhase({ step: 'preview', outcome });
    } catch (err) {
      setFailure(err instanceof ApiError ? err.message : COPY.failed);
      setPhase({ step: 'choose' });
    }
  };

  const commit = async () => {
    if (!file || phase.step !== 'preview') return;
    setPhase({ step: 'committing', outcome: phase.outcome });
    setFailure(null);
    try {
      const outcome = await importCatalog(file, 'commit', { overwrite });
      if (outcome.refused) {
        setFailure(outcome.refused.message);
        setPhase({ step: 'preview', outcome });
        return;
      }
      reset();
      onImported(outcome.report);
    } catch (err) {
      setFailure(err instanceof ApiError ? err.message : COPY.failed);
      setPhase({ step: 'choose' });
    }
  };

  const onDrop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    setDragging(false);
    const dropped = event.dataTransfer.files[0];
    if (dropped) void preview(dropped);
  };

  const report = phase.step === 'preview' || phase.step === 'committing' ? phase.outcome.report : null;
  const listed = report ? problems(report) : [];
  const conflictRows = report ? new Set(report.conflicts.map((c) => c.row)).size : 0;
  const applying = report ? report.create + report.update + (overwrite ? conflictRows : 0) : 0;
  const blocked = !report || report.errors.length > 0 || (conflictRows > 0 && !overwrite) || applying === 0;

  return (
    <dialog
      ref={ref}
      className="modal modal-bottom sm:modal-middle"
      aria-labelledby={titleId}
      onClose={close}
      onCancel={(event) => {
        if (phase.step === 'committing') event.preventDefault();
      }}
    >
      <div className="modal-box max-w-3xl">
        <h2 id={titleId} className="text-xl font-bold">
          {COPY.title}
        </h2>
        <p className="mt-1 text-sm text-base-content/70">{COPY.intro}</p>

        <div aria-live="polite" className="mt-4 flex flex-col gap-4">
          {failure && (
            <p role="alert" className="alert alert-error">
              {failure}
            </p>
          )}

          {(phase.step === 'choose' || phase.step === 'preview') && (
            <label
              htmlFor={inputId}
              onDragOver={(event) => {
                event.preventDefault();
                setDragging(true);
              }}
              onDragLeave={() => setDragging(false)}
              onDrop={onDrop}
              data-testid="import-drop-zone"
              className={`flex cursor-pointer flex-col items-center gap-2 rounded-box border-2 border-dashed p-6 text-center ${dragging ? 'border-primary bg-primary/5' : 'border-base-300'}`}
            >
              <FileUp className="size-6" aria-hidden="true" />
              <span className="font-semibold">
                {file && phase.step === 'preview' ? COPY.chooseAnother : COPY.choose}
              </span>
              <span className="text-sm text-base-content/70">{file ? file.name : COPY.dropHint}</span>
              <input
                id={inputId}
                type="file"
                accept=".csv,text/csv"
                className="sr-only"
                onChange={(event) => {
                  const chosen = event.currentTarget.files?.[0];
                  event.currentTarget.value = '';
                  if (chosen) void preview(chosen);
                }}
              />
            </label>
          )}

          {phase.step === 'uploading' && (
            <div>
              <p>{COPY.uploading(Math.round(phase.sent * 100))}</p>
              <progress
                className="progress progress-primary w-full"
                value={phase.sent}
                max={1}
                aria-label={COPY.uploadProgress}
              />
            </div>
          )}

          {phase.step === 'committing' && (
            <div>
              <p>{COPY.committing(applying)}</p>
              <progress className="progress progress-primary w-full" aria-label={COPY.commitProgress} />
            </div>
          )}

          {report && (
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
              {listed.length > 0 && (
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
                      {listed.length > CATALOG_REPORT_SHOWN
                        ? COPY.shownOf(CATALOG_REPORT_SHOWN, listed.length)
                        : ''}
                    </span>
                    <button
                      type="button"
                      className="btn btn-ghost btn-sm"
                      onClick={() =>
                        saveFile(JSON.stringify(report, null, 2), 'import-report.json', 'application/json')
                      }
                    >
                      {COPY.downloadReport}
                    </button>
                  </div>
                </>
              )}
              {conflictRows > 0 && report.errors.length === 0 && (
                <label className="label cursor-pointer justify-start gap-2">
                  <input
                    type="checkbox"
                    className="checkbox checkbox-sm"
                    checked={overwrite}
                    onChange={(e) => setOverwrite(e.currentTarget.checked)}
                  />
                  <span className="label-text">{COPY.overwrite(conflictRows)}</span>
                </label>
              )}
            </>
          )}
        </div>

        <div className="modal-action">
          <button
            type="button"
            className="btn btn-ghost"
            onClick={close}
            disabled={phase.step === 'committing'}
          >
            Cancel
          </button>
          {(phase.step === 'preview' || phase.step === 'committing') && (
            <BusyButton
              type="button"
              className="btn btn-primary"
              busy={phase.step === 'committing'}
              disabled={blocked}
              onClick={() => void commit()}
            >
              {COPY.importN(applying)}
            </BusyButton>
          )}
        </div>
      </div>
    </dialog>
  );
}
