import type { Invoice } from '@bulkwise/contracts';
import { FileDown } from 'lucide-react';

export interface InvoiceActionsProps {
  invoice: Invoice;
  as: 'buyer' | 'supplier';
  busy: boolean;
  onPdf: (invoice: Invoice) => void;
  onPay: (invoice: Invoice) => void;
  onRemit: (invoice: Invoice) => void;
}

/** The PDF for both parties; while money is due, remittance advice (buyer) or a payment (supplier). */
export function InvoiceActions({ invoice, as, busy, onPdf, onPay, onRemit }: InvoiceActionsProps) {
  const open = invoice.balance > 0 && invoice.status !== 'void';
  return (
    <div className="card-actions justify-end">
      <button type="button" className="btn btn-outline btn-sm" onClick={() => onPdf(invoice)}>
        <FileDown className="size-4" aria-hidden="true" />
        Download PDF<span className="sr-only"> of invoice {invoice.number}</span>
      </button>
      {open && as === 'buyer' && (
        <button type="button" className="btn btn-sm" disabled={busy} onClick={() => onRemit(invoice)}>
          Send remittance advice<span className="sr-only"> for invoice {invoice.number}</span>
        </button>
      )}
      {open && as === 'supplier' && (
        <button
          type="button"
          className="btn btn-primary btn-sm"
          disabled={busy}
          onClick={() => onPay(invoice)}
        >
          Record payment<span className="sr-only"> on invoice {invoice.number}</span>
        </button>
      )}
    </div>
  );
}
