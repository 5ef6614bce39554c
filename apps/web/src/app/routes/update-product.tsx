import { PagePlaceholder } from '@/components/ui/page-placeholder';
import { usePageTitle } from '@/lib/page-title';

export function Component() {
  usePageTitle('Update Product');
  return <PagePlaceholder title="Update Product" />;
}
