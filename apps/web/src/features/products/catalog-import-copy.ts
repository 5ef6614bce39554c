/** The catalog import on My Products (the API's own words come from contracts' CATALOG_MESSAGES). */
export const CATALOG_IMPORT_COPY = {
  exportCsv: 'Export CSV',
  template: 'Download template',
  importCsv: 'Import CSV',
  title: 'Import products from a CSV file',
  intro:
    'Rows with an id or a SKU of yours update that product; the others are added. Nothing changes until you import.',
  choose: 'Choose a CSV file',
  chooseAnother: 'Choose another file',
  dropHint: 'or drop it here (UTF-8, at most 15 MB)',
  uploading: (percent: number) => `Uploading and checking… ${percent}%`,
  uploadProgress: 'Upload progress',
  committing: (n: number) => `Importing ${n} ${n === 1 ? 'product' : 'products'}…`,
  commitProgress: 'Import progress',
  fixErrors: 'Fix these rows in your file and choose it again: nothing is imported while a row has an error.',
  problemsLabel: 'Rows to fix and products changed since the export',
  conflict: (current: string, file: string) =>
    `Changed since the export: now ${current || '(empty)'}, the file says ${file || '(empty)'}`,
  shownOf: (shown: number, total: number) => `Showing the first ${shown} of ${total}.`,
  downloadReport: 'Download full report',
  overwrite: (n: number) => `Overwrite ${n} ${n === 1 ? 'product' : 'products'} changed since the export`,
  importN: (n: number) => `Import ${n} ${n === 1 ? 'product' : 'products'}`,
  imported: (created: number, updated: number) => `Imported: ${created} added, ${updated} updated`,
  alreadyImported: 'This file was already imported: nothing changed.',
  failed: 'The import failed. Please try again.',
  downloadFailed: 'Could Not Download',
} as const;
