import { PagePlaceholder } from '@/components/ui/page-placeholder';
import { usePageTitle } from '@/lib/page-title';

export function Component() {
  usePageTitle('My Products');
  return <PagePlaceholder title="My Products" />;
}
