import { Handshake } from 'lucide-react';
import { PageSection } from '@/components/layout/page-section';
import { AccountList } from '@/features/trade/components/account-list';
import { TradeNav } from '@/features/trade/components/trade-nav';
import { usePageTitle } from '@/lib/page-title';

export const ACCOUNTS_TITLE = 'Trade Accounts';

/** The supplier's buyers: requests to answer, terms and limits, holds, what each owes and its age. */
export function Component() {
  usePageTitle(ACCOUNTS_TITLE);
  return (
    <PageSection
      id="accounts-title"
      title={ACCOUNTS_TITLE}
      icon={Handshake}
      subtitle="Payment terms, credit limits and holds for each of your buyers"
    >
      <TradeNav />
      <AccountList as="supplier" />
    </PageSection>
  );
}
