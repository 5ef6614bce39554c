import { CategoriesList } from '@/features/categories/components/categories-list';
import { usePageTitle } from '@/lib/page-title';

export function Component() {
  usePageTitle('Categories');
  return <CategoriesList />;
}
