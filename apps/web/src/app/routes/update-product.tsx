import { type ProductInput } from '@bulkwise/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Eye, ShieldAlert } from 'lucide-react';
import toast from 'react-hot-toast';
import { Link, useNavigate, useParams } from 'react-router';
import { ErrorState } from '@/components/feedback/error-state';
import { PageSpinner } from '@/components/feedback/spinner';
import { BackLink } from '@/components/ui/back-link';
import { PRODUCT_MESSAGES } from '@/config/messages';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/auth-context';
import { categoryKeys } from '@/features/categories/api/keys';
import { useOwnProduct } from '@/features/products/api/get-own-product';
import { useUpdateProduct } from '@/features/products/api/update-product';
import { ProductForm } from '@/features/products/components/product-form';
import { productToFormValues } from '@/features/products/product-form-checks';
import { ApiError } from '@/lib/api-client';
import { errorDialog } from '@/lib/dialogs';
import { usePageTitle } from '@/lib/page-title';

const NOT_OWNER = 'You can only update your own products.';
const UPDATE_FAILED_TITLE = 'Could Not Update Product';
const UPDATED_TOAST = 'Product updated successfully!';

const isForbidden = (error: unknown) => error instanceof ApiError && error.status === 403;

export function Component() {
  usePageTitle('Update Product');
  const { id = '' } = useParams();
  const { user } = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // One read: the API says whether the product is this user's (403) or does not exist (404).
  const product = useOwnProduct(user?.email ?? '', id);
  const update = useUpdateProduct(id);

  const onSubmit = async (input: ProductInput) => {
    try {
      await update.mutateAsync(input);
    } catch (err) {
      console.error('Updating a product failed', err);
      void errorDialog(UPDATE_FAILED_TITLE, isForbidden(err) ? NOT_OWNER : PRODUCT_MESSAGES.updateFailed);
      return false;
    }
    toast.success(UPDATED_TOAST);
    void queryClient.invalidateQueries({ queryKey: categoryKeys.all });
    await navigate(paths.allProducts.getHref());
    return true;
  };

  const body = (() => {
    if (product.isPending) return <PageSpinner />;
    if (isForbidden(product.error)) return <NotYourProduct id={id} />;
    if (product.isError) return <ErrorState message={PRODUCT_MESSAGES.loadDetailsFailed} />;
    return (
      <ProductForm
        key={product.data._id}
        mode="update"
        defaultValues={productToFormValues(product.data)}
        onSubmit={onSubmit}
        onCancel={() => void navigate(paths.myProducts.getHref())}
      />
    );
  })();

  return (
    <div className="bg-base-200">
      <div className="container mx-auto max-w-3xl px-4 py-8 sm:py-12">
        <BackLink to={paths.myProducts.getHref()} className="mb-4 -ml-3">
          Back to My Products
        </BackLink>
        {body}
      </div>
    </div>
  );
}

function NotYourProduct({ id }: { id: string }) {
  return (
    <section
      role="alert"
      aria-labelledby="not-owner-title"
      className="mx-auto flex max-w-lg flex-col items-center gap-4 rounded-box border border-base-300 bg-base-100 px-6 py-12 text-center"
    >
      <span className="flex size-14 items-center justify-center rounded-full bg-warning/15 text-warning">
        <ShieldAlert className="size-7" aria-hidden="true" />
      </span>
      <h1 id="not-owner-title" className="text-2xl font-bold">
        Update Product
      </h1>
      <p className="text-base-content/80">{NOT_OWNER}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <Link to={paths.myProducts.getHref()} className="btn btn-primary">
          Go to My Products
        </Link>
        <Link to={paths.product.getHref(id)} className="btn btn-outline">
          <Eye className="size-4" aria-hidden="true" />
          View product
        </Link>
      </div>
    </section>
  );
}
