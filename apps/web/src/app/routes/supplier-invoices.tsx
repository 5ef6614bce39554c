import { Receipt } from 'lucide-react';
import { PageSection } from '@/components/layout/page-section';
import { InvoiceList } from '@/features/trade/components/invoice-list';
import { TradeNav } from '@/features/trade/components/trade-nav';
import { usePageTitle } from '@/lib/page-title';

export const SUPPLIER_INVOICES_TITLE = 'Invoices Issued';

/** The supplier's invoices: record payments, see credit notes. */
export function Component() {
  usePageTitle(SUPPLIER_INVOICES_TITLE);
  return (
    <PageSection
      id="supplier-invoices-title"
      title={SUPPLIER_INVOICES_TITLE}
      icon={Receipt}
      subtitle="Invoices you issued to your buyers, newest first"
    >
      <TradeNav />
      <InvoiceList as="supplier" />
    </PageSection>
  );
}
