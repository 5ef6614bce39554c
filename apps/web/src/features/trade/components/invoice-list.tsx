import { INVOICE_STATUSES, type Invoice, type InvoiceStatus } from '@bulkwise/contracts';
import { Receipt } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { TabbedList } from '@/components/data/tabbed-list';
import { errorDialog } from '@/lib/dialogs';
import { downloadFile } from '../api/download';
import { useInvoices } from '../api/invoices';
import { useInvoiceActions } from '../use-invoice-actions';
import { InvoiceCard } from './invoice-card';
import { INVOICE_STATUS_LABEL } from './invoice-status-badge';

type Tab = InvoiceStatus | 'all';
const TABS: readonly Tab[] = ['all', ...INVOICE_STATUSES];
const label = (t: Tab) => (t === 'all' ? 'All' : INVOICE_STATUS_LABEL[t]);
export const INVOICES_LOAD_FAILED = 'Failed to load your invoices';

/** Invoices by status tab, as the buyer (pay, remit) or the supplier (record payments) sees them. */
export function InvoiceList({ as }: { as: 'buyer' | 'supplier' }) {
  const [params, setParams] = useSearchParams();
  const raw = params.get('status');
  const tab: Tab = TABS.includes(raw as Tab) ? (raw as Tab) : 'all';
  const invoices = useInvoices(as, tab);
  const { busyId, onPay, onRemit } = useInvoiceActions();

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
