import type { ReactNode } from 'react';
import { type PageHead, TitledPage } from '@/components/layout/page-section';
import { TradeNav } from './trade-nav';

/** A billing page: its heading, the Billing tabs, then its content. */
export function TradePage({ head, children }: { head: PageHead; children: ReactNode }) {
  return (
    <TitledPage head={head}>
      <TradeNav />
      {children}
    </TitledPage>
  );
}
