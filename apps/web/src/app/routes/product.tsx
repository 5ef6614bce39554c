import { PagePlaceholder } from '@/components/ui/page-placeholder';
import { usePageTitle } from '@/lib/page-title';

export function Component() {
  usePageTitle('Product Details');
  return <PagePlaceholder title="Product Details" />;
}
