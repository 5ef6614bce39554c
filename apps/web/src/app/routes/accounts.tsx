import { AccountList } from '@/features/trade/components/account-list';
import { TradePage } from '@/features/trade/components/trade-page';
import { PAGE_HEADS } from './page-heads';

/** The supplier's buyers: requests to answer, terms and limits, holds, what each owes and its age. */
export function Component() {
  return (
    <TradePage head={PAGE_HEADS.accounts}>
      <AccountList as="supplier" />
    </TradePage>
  );
}
