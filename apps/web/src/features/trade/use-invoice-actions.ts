import type { Invoice } from '@bulkwise/contracts';
import { useState } from 'react';
import { errorDialog, successDialog } from '@/lib/dialogs';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { useInvoiceAction } from './api/invoices';
import { askPayment, askRemittance } from './invoice-dialogs';

/** Recording a payment (supplier) or sending remittance advice (buyer), and which invoice is busy. */
export function useInvoiceActions() {
  const action = useInvoiceAction();
  const [busyId, setBusyId] = useState<string | null>(null);

  const run = async (invoice: Invoice, work: () => Promise<unknown>, done: string) => {
    setBusyId(invoice._id);
    try {
      await work();
      await successDialog(done);
    } catch (err) {
      await errorDialog('Not Saved', err instanceof Error ? err.message : 'Please try again.');
    } finally {
      setBusyId(null);
    }
  };

  const onPay = async (invoice: Invoice) => {
    const body = await askPayment(invoice);
    if (!body) return;
    await run(
      invoice,
      () =>
        action.mutateAsync({ kind: 'payment', id: invoice._id, body, idempotencyKey: newIdempotencyKey() }),
      'Payment recorded',
    );
  };

  const onRemit = async (invoice: Invoice) => {
    const body = await askRemittance(invoice);
    if (!body) return;
    await run(
      invoice,
      () => action.mutateAsync({ kind: 'remittance', id: invoice._id, body }),
      'Remittance advice sent',
    );
  };

  return { busyId, onPay, onRemit };
}
