import { ChartLine } from 'lucide-react';
import { PageSection } from '@/components/layout/page-section';
import { InsightsDashboard } from '@/features/insights/components/insights-dashboard';
import { usePageTitle } from '@/lib/page-title';

export const DASHBOARD_TITLE = 'Dashboard';

export function Component() {
  usePageTitle(DASHBOARD_TITLE);
  return (
    <PageSection
      id="dashboard-title"
      title={DASHBOARD_TITLE}
      icon={ChartLine}
      subtitle="What sells, what you earned, who buys and what is running out"
    >
      <InsightsDashboard />
    </PageSection>
  );
}
