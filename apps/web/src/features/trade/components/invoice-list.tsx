import { INVOICE_STATUSES, PaymentBodySchema, type Invoice, type InvoiceStatus } from '@bulkwise/contracts';
import { Receipt } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { TabbedList } from '@/components/data/tabbed-list';
import { checkWith } from '@/components/form/dialog-fields';
import { errorDialog, formDialog, successDialog } from '@/lib/dialogs';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { downloadFile } from '../api/download';
import { useInvoiceAction, useInvoices } from '../api/invoices';
import { amountOf } from '../amount-input';
import { InvoiceCard } from './invoice-card';
import { INVOICE_STATUS_LABEL } from './invoice-status-badge';

type Tab = InvoiceStatus | 'all';
const TABS: readonly Tab[] = ['all', ...INVOICE_STATUSES];
const label = (t: Tab) => (t === 'all' ? 'All' : INVOICE_STATUS_LABEL[t]);
export const INVOICES_LOAD_FAILED = 'Failed to load your invoices';

const amountRule = checkWith(PaymentBodySchema.shape.amount, amountOf);

/** Invoices by status tab, as the buyer (pay, remit) or the supplier (record payments) sees them. */
export function InvoiceList({ as }: { as: 'buyer' | 'supplier' }) {
  const [params, setParams] = useSearchParams();
  const raw = params.get('status');
  const tab: Tab = TABS.includes(raw as Tab) ? (raw as Tab) : 'all';
  const invoices = useInvoices(as, tab);
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
    const values = await formDialog({
      title: `Record a payment on ${invoice.number}`,
      text: `Amount due: $${invoice.balance.toFixed(2)}`,
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
    if (!values) return;
    const body = {
      amount: amountOf(values.amount),
      paidOn: values.paidOn ?? '',
      method: values.method ?? '',
      reference: values.reference || null,
    };
    await run(
      invoice,
      () =>
        action.mutateAsync({ kind: 'payment', id: invoice._id, body, idempotencyKey: newIdempotencyKey() }),
      'Payment recorded',
    );
  };

  const onRemit = async (invoice: Invoice) => {
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
    if (!values) return;
    const body = { amount: amountOf(values.amount), reference: values.reference ?? '' };
    await run(
      invoice,
      () => action.mutateAsync({ kind: 'remittance', id: invoice._id, body }),
      'Remittance advice sent',
    );
  };

  const onPdf = (invoice: Invoice) =>
    void downloadFile(`/invoices/${invoice._id}.pdf`, `invoice-${invoice.number}.pdf`).catch(() =>
      errorDialog('Download Failed', 'The invoice could not be downloaded. Please try again.'),
    );

  const list = invoices.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <TabbedList
      tabsLabel="Invoices by status"
      tabs={TABS.map((t) => ({ value: t, label: label(t) }))}
      selected={tab}
      onSelect={(t) => setParams(t === 'all' ? {} : { status: t }, { replace: true })}
      noun="invoices"
      query={invoices}
      items={list}
      itemKey={(invoice) => invoice._id}
      renderItem={(invoice) => (
        <InvoiceCard
          invoice={invoice}
          as={as}
          busy={busyId === invoice._id}
          onPdf={onPdf}
          onPay={(i) => void onPay(i)}
          onRemit={(i) => void onRemit(i)}
        />
      )}
      errorMessage={INVOICES_LOAD_FAILED}
      empty={{
        title: tab === 'all' ? 'No Invoices Yet' : `No ${label(tab)} Invoices`,
        message:
          as === 'buyer'
            ? 'Invoices appear here when a supplier confirms a prepaid order or ships one on account.'
            : 'Invoices are issued when you confirm a prepaid order or ship one on account.',
        icon: <Receipt className="size-8" aria-hidden="true" />,
      }}
    />
  );
}
