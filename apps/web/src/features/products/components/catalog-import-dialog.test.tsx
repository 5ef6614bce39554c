import type { CatalogImportReport } from '@bulkwise/contracts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { importCatalog, type ImportOutcome } from '../api/import-catalog';
import { CATALOG_IMPORT_COPY as COPY } from '../catalog-import-copy';
import { CatalogImportDialog } from './catalog-import-dialog';

vi.mock('../api/import-catalog', () => ({ importCatalog: vi.fn() }));
const mocked = vi.mocked(importCatalog);

const report = (overrides: Partial<CatalogImportReport> = {}): CatalogImportReport => ({
  rows: 3,
  create: 2,
  update: 0,
  unchanged: 0,
  conflicts: [],
  errors: [{ row: 4, column: 'price', message: 'Price must be a number' }],
  ...overrides,
});

function renderDialog() {
  const onImported = vi.fn();
  const onClose = vi.fn();
  render(<CatalogImportDialog open onClose={onClose} onImported={onImported} />);
  return { onImported, onClose, dialog: screen.getByRole('dialog', { name: COPY.title }) };
}

const file = (name: string) => new File(['sku\nA\n'], name, { type: 'text/csv' });

describe('CatalogImportDialog', () => {
  beforeEach(() => mocked.mockReset());

  it('previews a chosen file: counts, the rows to fix, and no import while a row has an error', async () => {
    mocked.mockResolvedValueOnce({ report: report() });
    const user = userEvent.setup();
    const { dialog } = renderDialog();
    await user.upload(within(dialog).getByLabelText(new RegExp(COPY.choose)), file('bad.csv'));

    expect(mocked).toHaveBeenCalledWith(
      expect.any(File),
      'preview',
      expect.objectContaining({ onProgress: expect.any(Function) }),
    );
    const counts = await within(dialog).findByTestId('import-counts');
    expect(within(counts).getByText('New').nextSibling).toHaveTextContent('2');
    expect(within(counts).getByText('Errors').nextSibling).toHaveTextContent('1');
    const problem = within(dialog).getByTestId('import-problem');
    expect(problem).toHaveTextContent('4');
    expect(problem).toHaveTextContent('Price must be a number');
    expect(within(dialog).getByRole('button', { name: COPY.importN(2) })).toBeDisabled();
  });

  it('imports a clean file, then hands the report to the page; a refused commit shows why and imports nothing', async () => {
    const clean = report({ errors: [], create: 3 });
    mocked.mockResolvedValueOnce({ report: clean });
    const user = userEvent.setup();
    const { dialog, onImported } = renderDialog();
    await user.upload(within(dialog).getByLabelText(new RegExp(COPY.choose)), file('good.csv'));
    const refusal: ImportOutcome = {
      report: report({
        errors: [],
        conflicts: [{ row: 2, id: 'p1', column: 'stock', current: '90', file: '100' }],
      }),
      refused: { code: 'CONFLICT', message: 'Nothing was imported: 1 product changed since the export.' },
    };
    mocked.mockResolvedValueOnce(refusal);
    await user.click(await within(dialog).findByRole('button', { name: COPY.importN(3) }));
    expect(mocked).toHaveBeenLastCalledWith(expect.any(File), 'commit', { overwrite: false });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(refusal.refused!.message);
    expect(onImported).not.toHaveBeenCalled();

    // Overwriting the changed product is an explicit choice.
    mocked.mockResolvedValueOnce({ report: { ...clean, update: 1 } });
    await user.click(within(dialog).getByRole('checkbox', { name: COPY.overwrite(1) }));
    await user.click(within(dialog).getByRole('button', { name: COPY.importN(3) }));
    expect(mocked).toHaveBeenLastCalledWith(expect.any(File), 'commit', { overwrite: true });
    expect(onImported).toHaveBeenCalledWith({ ...clean, update: 1 });
  });
});
