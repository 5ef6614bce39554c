import { type CatalogImportReport, type OwnProduct } from '@bulkwise/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Download, FileDown, PackageOpen, Plus, Upload } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { EmptyState } from '@/components/feedback/empty-state';
import { ErrorState } from '@/components/feedback/error-state';
import { PageSpinner } from '@/components/feedback/spinner';
import { BusyButton } from '@/components/form/busy-button';
import { PRODUCT_MESSAGES } from '@/config/messages';
import { CATALOG_IMPORT_COPY } from '@/features/products/catalog-import-copy';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/auth-context';
import { categoryKeys } from '@/features/categories/api/keys';
import { useDeleteProduct } from '@/features/products/api/delete-product';
import { downloadCatalogCsv } from '@/features/products/api/export-catalog';
import { downloadImportTemplate } from '@/features/products/api/get-import-template';
import { productKeys } from '@/features/products/api/keys';
import { CatalogImportDialog } from '@/features/products/components/catalog-import-dialog';
import { useMyProducts } from '@/features/products/api/get-my-products';
import { MyProductCard } from '@/features/products/components/my-product-card';
import { confirmDialog, errorDialog } from '@/lib/dialogs';
import { usePageTitle } from '@/lib/page-title';

const DELETE_FAILED_TITLE = 'Could Not Delete Product';
const DELETED_TOAST = 'Product deleted';

export function Component() {
  usePageTitle('My Products');
  const { user } = useAuth();
  const email = user?.email ?? '';
  const products = useMyProducts(email);
  const remove = useDeleteProduct(email);
  const queryClient = useQueryClient();
  const [importing, setImporting] = useState(false);
  const [downloading, setDownloading] = useState<'export' | 'template' | null>(null);

  const download = async (which: 'export' | 'template') => {
    setDownloading(which);
    try {
      await (which === 'export' ? downloadCatalogCsv() : downloadImportTemplate());
    } catch (err) {
      console.error('Downloading the catalog failed', err);
      void errorDialog(
        CATALOG_IMPORT_COPY.downloadFailed,
        err instanceof Error ? err.message : CATALOG_IMPORT_COPY.failed,
      );
    } finally {
      setDownloading(null);
    }
  };

  const onImported = (report: CatalogImportReport) => {
    setImporting(false);
    toast.success(
      report.alreadyImported
        ? CATALOG_IMPORT_COPY.alreadyImported
        : CATALOG_IMPORT_COPY.imported(report.create, report.update),
    );
    // Every list and product page may show an imported product: the same refresh a form edit causes.
    void queryClient.invalidateQueries({ queryKey: productKeys.all });
    void queryClient.invalidateQueries({ queryKey: categoryKeys.all });
  };

  const onDelete = async (product: OwnProduct) => {
    const confirmed = await confirmDialog({
      title: 'Delete this product?',
      text: `"${product.name}" will be removed from the marketplace. This cannot be undone.`,
      confirmText: 'Yes, delete it!',
      cancelText: 'Cancel',
    });
    if (!confirmed) return;
    try {
      await remove.mutateAsync(product._id);
    } catch (err) {
      console.error('Deleting a product failed', err);
      void errorDialog(DELETE_FAILED_TITLE, PRODUCT_MESSAGES.deleteFailed);
      return;
    }
    toast.success(DELETED_TOAST);
    void queryClient.invalidateQueries({ queryKey: categoryKeys.all });
  };

  const count = products.data?.length ?? 0;

  return (
    <section className="container mx-auto max-w-6xl px-4 py-8 sm:py-12" aria-labelledby="my-products-title">
      <header className="mb-8 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 id="my-products-title" className="text-3xl font-bold">
            My Products
          </h1>
          <p className="mt-1 text-base-content/70">
            {products.isSuccess && count > 0
              ? `${count} ${count === 1 ? 'product' : 'products'} on your shelf`
              : 'The products you sell on the marketplace'}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <BusyButton
            type="button"
            className="btn btn-outline btn-sm"
            busy={downloading === 'export'}
            disabled={downloading !== null || count === 0}
            icon={<Download className="size-4" aria-hidden="true" />}
            onClick={() => void download('export')}
          >
            {CATALOG_IMPORT_COPY.exportCsv}
          </BusyButton>
          <BusyButton
            type="button"
            className="btn btn-outline btn-sm"
            busy={downloading === 'template'}
            disabled={downloading !== null}
            icon={<FileDown className="size-4" aria-hidden="true" />}
            onClick={() => void download('template')}
          >
            {CATALOG_IMPORT_COPY.template}
          </BusyButton>
          <button type="button" className="btn btn-outline btn-sm" onClick={() => setImporting(true)}>
            <Upload className="size-4" aria-hidden="true" />
            {CATALOG_IMPORT_COPY.importCsv}
          </button>
          {products.isSuccess && count > 0 && (
            <Link to={paths.addProduct.getHref()} className="btn btn-primary btn-sm">
              <Plus className="size-4" aria-hidden="true" />
              Add Product
            </Link>
          )}
        </div>
      </header>
      <CatalogImportDialog open={importing} onClose={() => setImporting(false)} onImported={onImported} />

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
                deleting={remove.isPending && remove.variables === product._id}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
