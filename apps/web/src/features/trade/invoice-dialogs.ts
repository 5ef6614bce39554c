import {
  PaymentBodySchema,
  formatUsd,
  type Invoice,
  type PaymentBody,
  type RemittanceBody,
} from '@bulkwise/contracts';
import { checkWith } from '@/components/form/dialog-fields';
import { formDialog } from '@/lib/dialogs';
import { amountOf } from './amount-input';

const amountRule = checkWith(PaymentBodySchema.shape.amount, amountOf);

/** Asks the supplier for a payment received on the invoice: its body, or null when cancelled. */
export async function askPayment(invoice: Invoice): Promise<PaymentBody | null> {
  const values = await formDialog({
    title: `Record a payment on ${invoice.number}`,
    text: `Amount due: ${formatUsd(invoice.balance)}`,
    fields: [
      { name: 'amount', label: 'Amount (USD)', maxLength: 20, required: true, check: amountRule },
      {
        name: 'paidOn',
        label: 'Paid on (YYYY-MM-DD)',
        maxLength: 10,
        required: true,
        check: checkWith(PaymentBodySchema.shape.paidOn),
      },
      { name: 'method', label: 'Method', maxLength: 50, required: true },
      { name: 'reference', label: 'Reference', maxLength: 200 },
    ],
    confirmText: 'Record Payment',
    cancelText: 'Cancel',
  });
  if (!values) return null;
  return {
    amount: amountOf(values.amount),
    paidOn: values.paidOn ?? '',
    method: values.method ?? '',
    reference: values.reference || null,
  };
}

/** Asks the buyer what they paid on the invoice: the remittance advice, or null when cancelled. */
export async function askRemittance(invoice: Invoice): Promise<RemittanceBody | null> {
  const values = await formDialog({
    title: `Remittance advice for ${invoice.number}`,
    text: 'Tell the supplier what you paid. The balance changes once they record the payment.',
    fields: [
      { name: 'amount', label: 'Amount paid (USD)', maxLength: 20, required: true, check: amountRule },
      { name: 'reference', label: 'Payment reference', maxLength: 200, required: true },
    ],
    confirmText: 'Send',
    cancelText: 'Cancel',
  });
  if (!values) return null;
  return { amount: amountOf(values.amount), reference: values.reference ?? '' };
}
