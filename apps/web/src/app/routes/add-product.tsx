import { PRODUCT_MESSAGES } from '@bulkwise/contracts';
import { PagePlaceholder } from '@/components/ui/page-placeholder';
import { usePageTitle } from '@/lib/page-title';

export function Component() {
  usePageTitle('Add Product');
  return <PagePlaceholder title={PRODUCT_MESSAGES.addTitle} />;
}
