import type { Product } from '@bulkwise/contracts';
import { FileText } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { addToDraft, useQuoteDrafts } from '../quote-drafts';

/**
 * Request a quote: adds the product to the request being built for its supplier; the buyer sends it,
 * with quantities and target prices, from the quote request page.
 */
export function RequestQuoteButton({ product, signedIn }: { product: Product; signedIn: boolean }) {
  const drafts = useQuoteDrafts();
  const lines = drafts[product.supplierId]?.lines ?? [];
  const added = lines.some((l) => l.productId === product._id);
  if (!signedIn) return null;
  return (
    <div className="flex flex-wrap items-center gap-2">
      {added ? (
        <p className="text-sm" role="status">
          In your quote request to {product.userName}.
        </p>
      ) : (
        <button type="button" className="btn btn-outline" onClick={() => addToDraft(product)}>
          <FileText className="size-4" aria-hidden="true" /> Request a quote
        </button>
      )}
      {lines.length > 0 && (
        <Link to={paths.quoteRequest.getHref()} className="link link-primary text-sm">
          Review quote request ({lines.length} {lines.length === 1 ? 'product' : 'products'})
        </Link>
      )}
    </div>
  );
}
