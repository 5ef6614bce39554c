import { AccountList } from '@/features/trade/components/account-list';
import { InvoiceList } from '@/features/trade/components/invoice-list';
import { TradePage } from '@/features/trade/components/trade-page';
import { PAGE_HEADS } from './page-heads';

/** The buyer's side: invoices to pay, and the terms and credit each supplier gives. */
export function Component() {
  return (
    <TradePage head={PAGE_HEADS.invoices}>
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
    </TradePage>
  );
}
