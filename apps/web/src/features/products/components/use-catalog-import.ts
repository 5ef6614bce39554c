import { CATALOG_IMPORT_MAX_BYTES, CATALOG_MESSAGES, type CatalogImportReport } from '@bulkwise/contracts';
import { useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { importCatalog, type ImportOutcome } from '../api/import-catalog';
import { CATALOG_IMPORT_COPY as COPY } from '../catalog-import-copy';

export type Phase =
  | { step: 'choose' }
  | { step: 'uploading'; sent: number }
  | { step: 'preview'; outcome: ImportOutcome }
  | { step: 'committing'; outcome: ImportOutcome };

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

/** The preview's problems, its conflicting rows, how many products it applies, and whether it may run. */
function previewFigures(phase: Phase, overwrite: boolean) {
  const report = phase.step === 'preview' || phase.step === 'committing' ? phase.outcome.report : null;
  const listed = report ? problems(report) : [];
  const conflictRows = report ? new Set(report.conflicts.map((c) => c.row)).size : 0;
  const applying = report ? report.create + report.update + (overwrite ? conflictRows : 0) : 0;
  const blocked = !report || report.errors.length > 0 || (conflictRows > 0 && !overwrite) || applying === 0;
  return { report, listed, conflictRows, applying, blocked };
}

/** The import's steps: the chosen file's preview upload, then the commit; a failure goes back to choosing. */
export function useCatalogImport(onImported: (report: CatalogImportReport) => void) {
  const [phase, setPhase] = useState<Phase>({ step: 'choose' });
  const [file, setFile] = useState<File | null>(null);
  const [overwrite, setOverwrite] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const fail = (err: unknown) => {
    setFailure(err instanceof ApiError ? err.message : COPY.failed);
    setPhase({ step: 'choose' });
  };

  const reset = () => {
    setPhase({ step: 'choose' });
    setFile(null);
    setOverwrite(false);
    setFailure(null);
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
      fail(err);
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
      fail(err);
    }
  };

  const figures = previewFigures(phase, overwrite);
  return { phase, file, overwrite, setOverwrite, failure, reset, preview, commit, ...figures };
}

export type CatalogImport = ReturnType<typeof useCatalogImport>;
