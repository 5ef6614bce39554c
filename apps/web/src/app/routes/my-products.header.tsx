import { Download, FileDown, Plus, Upload } from 'lucide-react';
import { Link } from 'react-router';
import { BusyButton } from '@/components/form/busy-button';
import { paths } from '@/config/paths';
import { CATALOG_IMPORT_COPY } from '@/features/products/catalog-import-copy';
import { useCatalogDownload } from './my-products.actions';

interface MyProductsHeaderProps {
  /** How many products the supplier has (0 until they load). */
  count: number;
  /** The products have loaded: the count line and Add Product wait for them. */
  loaded: boolean;
  onImport: () => void;
}

/** The page's title and count, the catalog's CSV export, template and import, and Add Product. */
export function MyProductsHeader({ count, loaded, onImport }: MyProductsHeaderProps) {
  const { downloading, download } = useCatalogDownload();
  return (
    <header className="mb-8 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div>
        <h1 id="my-products-title" className="text-3xl font-bold">
          My Products
        </h1>
        <p className="mt-1 text-base-content/70">
          {loaded && count > 0
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
        <button type="button" className="btn btn-outline btn-sm" onClick={onImport}>
          <Upload className="size-4" aria-hidden="true" />
          {CATALOG_IMPORT_COPY.importCsv}
        </button>
        {loaded && count > 0 && (
          <Link to={paths.addProduct.getHref()} className="btn btn-primary btn-sm">
            <Plus className="size-4" aria-hidden="true" />
            Add Product
          </Link>
        )}
      </div>
    </header>
  );
}
