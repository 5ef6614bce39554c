import { InvoiceList } from '@/features/trade/components/invoice-list';
import { TradePage } from '@/features/trade/components/trade-page';
import { PAGE_HEADS } from './page-heads';

/** The supplier's invoices: record payments, see credit notes. */
export function Component() {
  return (
    <TradePage head={PAGE_HEADS.supplierInvoices}>
      <InvoiceList as="supplier" />
    </TradePage>
  );
}
