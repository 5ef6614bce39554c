import type { InvoiceStatus } from '@bulkwise/contracts';

export const INVOICE_STATUS_LABEL: Record<InvoiceStatus, string> = {
  open: 'Awaiting payment',
  partially_paid: 'Partially paid',
  paid: 'Paid',
  overdue: 'Overdue',
  void: 'Void',
};

const TONE: Record<InvoiceStatus, string> = {
  open: 'badge-info',
  partially_paid: 'badge-warning',
  paid: 'badge-success',
  overdue: 'badge-error',
  void: 'badge-ghost',
};

/** Text, not colour alone, carries the state (both themes, screen readers). */
export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  return (
    <span className={`badge badge-soft ${TONE[status]}`} data-testid="invoice-status">
      {INVOICE_STATUS_LABEL[status]}
    </span>
  );
}
