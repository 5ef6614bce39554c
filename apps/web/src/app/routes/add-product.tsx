import { type ProductInput } from '@bulkwise/contracts';
import { useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { PRODUCT_MESSAGES } from '@/config/messages';
import { categoryKeys } from '@/features/categories/api/keys';
import { useCreateProduct } from '@/features/products/api/create-product';
import { ProductForm } from '@/features/products/components/product-form';
import { ProductFormInfoPanel } from '@/features/products/components/product-form-info-panel';
import { errorDialog } from '@/lib/dialogs';
import { usePageTitle } from '@/lib/page-title';

const ADD_FAILED_TITLE = 'Could Not Add Product';
const ADDED_TOAST = 'Product added successfully!';

export function Component() {
  usePageTitle('Add Product');
  const queryClient = useQueryClient();
  const create = useCreateProduct();

  const onSubmit = async (input: ProductInput) => {
    try {
      await create.mutateAsync(input);
    } catch (err) {
      console.error('Adding a product failed', err);
      void errorDialog(ADD_FAILED_TITLE, PRODUCT_MESSAGES.addFailed);
      return false;
    }
    toast.success(ADDED_TOAST);
    // Category cards count their products.
    void queryClient.invalidateQueries({ queryKey: categoryKeys.all });
    return true;
  };

  return (
    <div className="bg-base-200">
      <div className="container mx-auto grid max-w-6xl gap-6 px-4 py-8 sm:py-12 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)] lg:items-start lg:gap-8">
        <ProductForm mode="add" onSubmit={onSubmit} />
        <ProductFormInfoPanel />
      </div>
    </div>
  );
}
