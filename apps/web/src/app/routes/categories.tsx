import { CATEGORY_MESSAGES } from '@bulkwise/contracts';
import { PagePlaceholder } from '@/components/ui/page-placeholder';
import { usePageTitle } from '@/lib/page-title';

export function Component() {
  usePageTitle('Categories');
  return <PagePlaceholder title={CATEGORY_MESSAGES.title} />;
}
