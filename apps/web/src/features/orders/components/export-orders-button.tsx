import type { OrderStatus } from '@bulkwise/contracts';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { errorDialog } from '@/lib/dialogs';
import { downloadOrdersCsv } from '../api/export-orders';

/** Downloads the orders of the desk's tab as CSV. */
export function ExportOrdersButton({ tab }: { tab: OrderStatus | 'all' }) {
  const [exporting, setExporting] = useState(false);

  const onExport = async () => {
    setExporting(true);
    try {
      await downloadOrdersCsv(tab);
    } catch (err) {
      console.error('Export failed', err);
      void errorDialog('Export Failed', 'The orders could not be exported. Please try again.');
    } finally {
      setExporting(false);
    }
  };

  return (
    <button
      type="button"
      className="btn btn-outline btn-sm"
      onClick={() => void onExport()}
      disabled={exporting}
    >
      <Download className="size-4" aria-hidden="true" />
      {exporting ? 'Exporting…' : 'Export CSV'}
    </button>
  );
}
