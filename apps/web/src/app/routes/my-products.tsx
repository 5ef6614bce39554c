import { PackageOpen, Plus } from 'lucide-react';
import { useState } from 'react';
import { EmptyState } from '@/components/feedback/empty-state';
import { ErrorState } from '@/components/feedback/error-state';
import { PageSpinner } from '@/components/feedback/spinner';
import { PRODUCT_MESSAGES } from '@/config/messages';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/auth-context';
import { useMyProducts } from '@/features/products/api/get-my-products';
import { CatalogImportDialog } from '@/features/products/components/catalog-import-dialog';
import { MyProductCard } from '@/features/products/components/my-product-card';
import { usePageTitle } from '@/lib/page-title';
import { useCatalogImported, useDeleteOwnProduct } from './my-products.actions';
import { MyProductsHeader } from './my-products.header';

export function Component() {
  usePageTitle('My Products');
  const { user } = useAuth();
  const email = user?.email ?? '';
  const products = useMyProducts(email);
  const { onDelete, deletingId } = useDeleteOwnProduct(email);
  const [importing, setImporting] = useState(false);
  const afterImport = useCatalogImported();
  const count = products.data?.length ?? 0;

  return (
    <section className="container mx-auto max-w-6xl px-4 py-8 sm:py-12" aria-labelledby="my-products-title">
      <MyProductsHeader count={count} loaded={products.isSuccess} onImport={() => setImporting(true)} />
      <CatalogImportDialog
        open={importing}
        onClose={() => setImporting(false)}
        onImported={(report) => {
          setImporting(false);
          afterImport(report);
        }}
      />

      {products.isPending ? (
        <PageSpinner />
      ) : products.isError ? (
        <ErrorState message={PRODUCT_MESSAGES.loadFailed} />
      ) : count === 0 ? (
        <EmptyState
          title={PRODUCT_MESSAGES.shelfEmpty}
          message="List your first wholesale product and buyers will find it by its category."
          icon={<PackageOpen className="size-8" aria-hidden="true" />}
          link={{
            to: paths.addProduct.getHref(),
            label: (
              <>
                <Plus className="size-4" aria-hidden="true" />
                {PRODUCT_MESSAGES.addFirst}
              </>
            ),
          }}
        />
      ) : (
        <ul className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
          {products.data.map((product) => (
            <li key={product._id}>
              <MyProductCard
                product={product}
                onDelete={(p) => void onDelete(p)}
                deleting={deletingId === product._id}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
