import { TitledPage } from '@/components/layout/page-section';
import { InsightsDashboard } from '@/features/insights/components/insights-dashboard';
import { PAGE_HEADS } from './page-heads';

export function Component() {
  return (
    <TitledPage head={PAGE_HEADS.dashboard}>
      <InsightsDashboard />
    </TitledPage>
  );
}
