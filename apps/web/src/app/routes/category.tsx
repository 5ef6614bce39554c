import { PagePlaceholder } from '@/components/ui/page-placeholder';
import { usePageTitle } from '@/lib/page-title';

export function Component() {
  usePageTitle('Category');
  return <PagePlaceholder title="Category Products" />;
}
