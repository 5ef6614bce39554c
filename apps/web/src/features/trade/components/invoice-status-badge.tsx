import type { InvoiceStatus } from '@bulkwise/contracts';

export const INVOICE_STATUS_LABEL: Record<InvoiceStatus, string> = {
  open: 'Awaiting payment',
  partially_paid: 'Partially paid',
  paid: 'Paid',
  overdue: 'Overdue',
  void: 'Void',
};

/** Text carries the state; the neutral colours keep the contrast in both themes (axe). */
export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  return (
    <span className="badge border-base-300 bg-base-200 text-base-content" data-testid="invoice-status">
      {INVOICE_STATUS_LABEL[status]}
    </span>
  );
}
