import { FileText } from 'lucide-react';
import { EmptyState } from '@/components/feedback/empty-state';
import { PageSection } from '@/components/layout/page-section';
import { paths } from '@/config/paths';
import { QuoteRequestForm } from '@/features/quotes/components/quote-request-form';
import { useQuoteDrafts } from '@/features/quotes/quote-drafts';
import { usePageTitle } from '@/lib/page-title';

/** The quote requests being built, one per supplier, each sent on its own. */
export function Component() {
  usePageTitle('Quote Request');
  const drafts = useQuoteDrafts();
  const suppliers = Object.keys(drafts);
  return (
    <PageSection
      id="quote-request-title"
      title="Quote Request"
      icon={FileText}
      subtitle="Ask each supplier for a price on the products you added"
    >
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
    </PageSection>
  );
}
