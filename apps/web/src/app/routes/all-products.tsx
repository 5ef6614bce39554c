import { AllProducts } from '@/features/products/components/all-products';
import { usePageTitle } from '@/lib/page-title';

export function Component() {
  usePageTitle('All Products');
  return <AllProducts />;
}
