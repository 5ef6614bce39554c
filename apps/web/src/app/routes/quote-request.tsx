import { EmptyState } from '@/components/feedback/empty-state';
import { TitledPage } from '@/components/layout/page-section';
import { paths } from '@/config/paths';
import { QuoteRequestForm } from '@/features/quotes/components/quote-request-form';
import { useQuoteDrafts } from '@/features/quotes/quote-drafts';
import { PAGE_HEADS } from './page-heads';

/** The quote requests being built, one per supplier, each sent on its own. */
export function Component() {
  const drafts = useQuoteDrafts();
  const suppliers = Object.keys(drafts);
  return (
    <TitledPage head={PAGE_HEADS.quoteRequest}>
      {suppliers.length === 0 ? (
        <EmptyState
          title="Nothing to Request Yet"
          message="Use Request a quote on a product page to add it here."
          link={{ to: paths.allProducts.getHref(), label: 'Browse Products' }}
        />
      ) : (
        <div className="flex flex-col gap-6">
          {suppliers.map((s) => (
            <QuoteRequestForm
              key={`${s}:${drafts[s]!.lines.map((l) => l.productId).join(',')}`}
              supplier={s}
              supplierName={drafts[s]!.supplierName}
              lines={drafts[s]!.lines}
            />
          ))}
        </div>
      )}
    </TitledPage>
  );
}
