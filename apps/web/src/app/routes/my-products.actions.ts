import { type CatalogImportReport, type OwnProduct } from '@bulkwise/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { PRODUCT_MESSAGES } from '@/config/messages';
import { categoryKeys } from '@/features/categories/api/keys';
import { useDeleteProduct } from '@/features/products/api/delete-product';
import { downloadCatalogCsv } from '@/features/products/api/export-catalog';
import { downloadImportTemplate } from '@/features/products/api/get-import-template';
import { productKeys } from '@/features/products/api/keys';
import { CATALOG_IMPORT_COPY } from '@/features/products/catalog-import-copy';
import { confirmDialog, errorDialog } from '@/lib/dialogs';

const DELETE_FAILED_TITLE = 'Could Not Delete Product';
const DELETED_TOAST = 'Product deleted';

export type CatalogDownload = 'export' | 'template';

/** Downloads the supplier's catalog or the import template as CSV; which one is running. */
export function useCatalogDownload() {
  const [downloading, setDownloading] = useState<CatalogDownload | null>(null);

  const download = async (which: CatalogDownload) => {
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

  return { downloading, download };
}

/** What follows a finished catalog import: its toast, and every list refreshed. */
export function useCatalogImported() {
  const queryClient = useQueryClient();
  return (report: CatalogImportReport) => {
    toast.success(
      report.alreadyImported
        ? CATALOG_IMPORT_COPY.alreadyImported
        : CATALOG_IMPORT_COPY.imported(report.create, report.update),
    );
    // Every list and product page may show an imported product: the same refresh a form edit causes.
    void queryClient.invalidateQueries({ queryKey: productKeys.all });
    void queryClient.invalidateQueries({ queryKey: categoryKeys.all });
  };
}

/** Deleting one of the supplier's products once confirmed; which one is being deleted. */
export function useDeleteOwnProduct(email: string) {
  const remove = useDeleteProduct(email);
  const queryClient = useQueryClient();

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

  return { onDelete, deletingId: remove.isPending ? remove.variables : null };
}
