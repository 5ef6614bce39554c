import { TitledPage } from '@/components/layout/page-section';
import { QuotesList } from '@/features/quotes/components/quotes-list';
import { PAGE_HEADS } from './page-heads';

export function Component() {
  return (
    <TitledPage head={PAGE_HEADS.quotes}>
      <QuotesList />
    </TitledPage>
  );
}
