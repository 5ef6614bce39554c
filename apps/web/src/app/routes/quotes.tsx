import { FileText } from 'lucide-react';
import { PageSection } from '@/components/layout/page-section';
import { QuotesList } from '@/features/quotes/components/quotes-list';
import { usePageTitle } from '@/lib/page-title';

export const QUOTES_TITLE = 'Quotes';

export function Component() {
  usePageTitle(QUOTES_TITLE);
  return (
    <PageSection
      id="quotes-title"
      title={QUOTES_TITLE}
      icon={FileText}
      subtitle="Prices negotiated for large orders, newest activity first"
    >
      <QuotesList />
    </PageSection>
  );
}
