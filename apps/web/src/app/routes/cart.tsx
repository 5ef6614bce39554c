import { CART_MESSAGES } from '@bulkwise/contracts';
import { PagePlaceholder } from '@/components/ui/page-placeholder';
import { usePageTitle } from '@/lib/page-title';

export function Component() {
  usePageTitle(CART_MESSAGES.title);
  return <PagePlaceholder title={CART_MESSAGES.title} />;
}
