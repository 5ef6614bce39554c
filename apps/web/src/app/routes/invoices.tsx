import { Receipt } from 'lucide-react';
import { PageSection } from '@/components/layout/page-section';
import { AccountList } from '@/features/trade/components/account-list';
import { InvoiceList } from '@/features/trade/components/invoice-list';
import { TradeNav } from '@/features/trade/components/trade-nav';
import { usePageTitle } from '@/lib/page-title';

export const INVOICES_TITLE = 'Invoices';

/** The buyer's side: invoices to pay, and the terms and credit each supplier gives. */
export function Component() {
  usePageTitle(INVOICES_TITLE);
  return (
    <PageSection
      id="invoices-title"
      title={INVOICES_TITLE}
      icon={Receipt}
      subtitle="Invoices from your suppliers and the terms each one gives you"
    >
      <TradeNav />
      <section aria-labelledby="terms-title" className="mb-10">
        <h2 id="terms-title" className="mb-4 text-xl font-semibold">
          Terms per supplier
        </h2>
        <AccountList as="buyer" />
      </section>
      <section aria-labelledby="buyer-invoices-title">
        <h2 id="buyer-invoices-title" className="mb-4 text-xl font-semibold">
          Invoices to pay
        </h2>
        <InvoiceList as="buyer" />
      </section>
    </PageSection>
  );
}
