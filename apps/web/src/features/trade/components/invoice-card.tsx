import { formatPrice } from '@/components/ui/price';
import { InvoiceActions, type InvoiceActionsProps } from './invoice-actions';
import { InvoiceFigures } from './invoice-figures';
import { InvoiceParties } from './invoice-parties';
import { InvoiceStatusBadge } from './invoice-status-badge';
import { TradeCard } from './trade-card';

/** The card takes what its actions take. */
type InvoiceCardProps = InvoiceActionsProps;

/** One invoice: who, what, how much is left and when it is due, and what the reader can do with it. */
export function InvoiceCard({ invoice, as, busy, onPdf, onPay, onRemit }: InvoiceCardProps) {
  const s = invoice.snapshot;
  const other =
    as === 'buyer' ? (s.seller.legalName ?? s.seller.name) : (s.buyer.companyName ?? s.buyer.name);
  const status = <InvoiceStatusBadge status={invoice.status} />;
  return (
    <TradeCard kind="invoice" id={invoice._id} title={`Invoice ${invoice.number}`} status={status}>
      <p className="text-sm">
        {as === 'buyer' ? 'From' : 'To'} <strong>{other}</strong> · {s.line.quantity} × {s.line.name}
        {s.poNumber ? ` · PO ${s.poNumber}` : ''}
      </p>
      <InvoiceFigures invoice={invoice} />
      <InvoiceParties snapshot={s} />
      {invoice.payments.length > 0 && (
        <ul className="text-sm text-base-content/80" aria-label={`Payments on invoice ${invoice.number}`}>
          {invoice.payments.map((p) => (
            <li key={p._id}>
              {p.paidOn}: {formatPrice(p.amount)} by {p.method}
              {p.reference ? ` (${p.reference})` : ''}
            </li>
          ))}
        </ul>
      )}
      {invoice.creditNote && (
        <p className="text-sm">
          Credit note {invoice.creditNote.number}: {formatPrice(invoice.creditNote.amount)}
        </p>
      )}
      <InvoiceActions invoice={invoice} as={as} busy={busy} onPdf={onPdf} onPay={onPay} onRemit={onRemit} />
    </TradeCard>
  );
}
