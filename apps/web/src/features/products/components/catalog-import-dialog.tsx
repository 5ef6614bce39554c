import type { CatalogImportReport } from '@bulkwise/contracts';
import { BusyButton } from '@/components/form/busy-button';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { CATALOG_IMPORT_COPY as COPY } from '../catalog-import-copy';
import { CatalogDropZone } from './catalog-drop-zone';
import { CatalogImportReportView } from './catalog-import-report';
import { useCatalogImport, type CatalogImport, type Phase } from './use-catalog-import';

interface CatalogImportDialogProps {
  open: boolean;
  onClose: () => void;
  /** A commit applied the file: the page refreshes its list and says what changed. */
  onImported: (report: CatalogImportReport) => void;
}

/**
 * Import products from a CSV file: choose or drop it, watch it upload, read the preview (counts, then
 * the rows to fix or the products changed since the export), then import. A native modal <dialog>:
 * Escape closes it except while the import runs; every step is announced to screen readers.
 */
export function CatalogImportDialog({ open, onClose, onImported }: CatalogImportDialogProps) {
  const state = useCatalogImport(onImported);
  const { phase, report } = state;
  const committing = phase.step === 'committing';

  const close = () => {
    state.reset();
    onClose();
  };

  return (
    <ModalDialog open={open} title={COPY.title} busy={committing} onClose={close} className="max-w-3xl">
      <p className="mt-1 text-sm text-base-content/70">{COPY.intro}</p>

      <div aria-live="polite" className="mt-4 flex flex-col gap-4">
        {state.failure && (
          <p role="alert" className="alert alert-error">
            {state.failure}
          </p>
        )}

        {(phase.step === 'choose' || phase.step === 'preview') && (
          <CatalogDropZone
            file={state.file}
            previewed={phase.step === 'preview'}
            onFile={(file) => void state.preview(file)}
          />
        )}
        <ImportProgress phase={phase} applying={state.applying} />
        {report && <CatalogImportReportView report={report} state={state} />}
      </div>

      <ImportActions state={state} onCancel={close} />
    </ModalDialog>
  );
}

/** The upload's progress, or the import running. */
function ImportProgress({ phase, applying }: { phase: Phase; applying: number }) {
  if (phase.step === 'uploading')
    return (
      <div>
        <p>{COPY.uploading(Math.round(phase.sent * 100))}</p>
        <progress
          className="progress progress-primary w-full"
          value={phase.sent}
          max={1}
          aria-label={COPY.uploadProgress}
        />
      </div>
    );
  if (phase.step === 'committing')
    return (
      <div>
        <p>{COPY.committing(applying)}</p>
        <progress className="progress progress-primary w-full" aria-label={COPY.commitProgress} />
      </div>
    );
  return null;
}

/** Cancel, and Import once a preview allows it. */
function ImportActions({ state, onCancel }: { state: CatalogImport; onCancel: () => void }) {
  const { phase } = state;
  return (
    <div className="modal-action">
      <button
        type="button"
        className="btn btn-ghost"
        onClick={onCancel}
        disabled={phase.step === 'committing'}
      >
        Cancel
      </button>
      {(phase.step === 'preview' || phase.step === 'committing') && (
        <BusyButton
          type="button"
          className="btn btn-primary"
          busy={phase.step === 'committing'}
          disabled={state.blocked}
          onClick={() => void state.commit()}
        >
          {COPY.importN(state.applying)}
        </BusyButton>
      )}
    </div>
  );
}
