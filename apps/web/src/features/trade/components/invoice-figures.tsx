import type { Invoice } from '@bulkwise/contracts';
import { formatPrice } from '@/components/ui/price';

/** The invoice's total, what is still due, and its issue and due dates. */
export function InvoiceFigures({ invoice }: { invoice: Invoice }) {
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
      <div>
        <dt className="text-base-content/70">Total</dt>
        <dd className="font-semibold">{formatPrice(invoice.total)}</dd>
      </div>
      <div>
        <dt className="text-base-content/70">Amount due</dt>
        <dd className="font-semibold" data-testid="invoice-balance">
          {formatPrice(invoice.balance)}
        </dd>
      </div>
      <div>
        <dt className="text-base-content/70">Issued</dt>
        <dd>{invoice.issuedOn}</dd>
      </div>
      <div>
        <dt className="text-base-content/70">Due</dt>
        <dd>{invoice.dueOn}</dd>
      </div>
    </dl>
  );
}
