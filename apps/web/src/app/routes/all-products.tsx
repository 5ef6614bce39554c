import { PagePlaceholder } from '@/components/ui/page-placeholder';
import { usePageTitle } from '@/lib/page-title';

export function Component() {
  usePageTitle('All Products');
  return <PagePlaceholder title="All Products" />;
}
