import { useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { ErrorState } from '@/components/feedback/error-state';
import { PageSpinner } from '@/components/feedback/spinner';
import { PRODUCT_MESSAGES } from '@/config/messages';
import { useAuth } from '@/features/auth/auth-context';
import { useProduct } from '@/features/products/api/get-product';
import { applyPurchasedStock, refetchProduct } from '@/features/products/api/product-stock';
import { ProductDetail } from '@/features/products/components/product-detail';
import { ProductNotFound } from '@/features/products/components/product-not-found';
import { PurchasePanel } from '@/features/purchases/components/purchase-panel';
import { RequestQuoteButton } from '@/features/quotes/components/request-quote-button';
import { useSupplierAccount } from '@/features/trade/api/accounts';
import { RequestTermsButton } from '@/features/trade/components/request-terms-button';
import { paymentNote } from '@/features/trade/payment-note';
import { ApiError } from '@/lib/api-client';
import { usePageTitle } from '@/lib/page-title';

/** Composes the product detail (products) with the purchase flow (purchases). */
export function Component() {
  const { id = '' } = useParams();
  const product = useProduct(id);
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const signedIn = Boolean(user?.email);
  const account = useSupplierAccount(product.data?.supplierId ?? '', signedIn && product.isSuccess);
  usePageTitle(product.data?.name ?? 'Product Details');

  if (product.isPending) return <PageSpinner />;
  if (product.isError) {
    if (product.error instanceof ApiError && product.error.status === 404) return <ProductNotFound />;
    return <ErrorState message={product.error.message || PRODUCT_MESSAGES.loadProductFailed} />;
  }

  return (
    <ProductDetail
      product={product.data}
      purchase={
        <>
          <PurchasePanel
            // A different product starts a fresh selection.
            key={product.data._id}
            product={product.data}
            signedIn={signedIn}
            refreshProduct={() => refetchProduct(queryClient, id)}
            onPurchased={(result) => {
              void applyPurchasedStock(queryClient, id, result.updatedQuantity);
              void account.refetch();
            }}
            onPurchaseFailed={() => {
              void refetchProduct(queryClient, id).catch(() => {});
              void account.refetch();
            }}
            paymentNote={signedIn ? paymentNote(account.data) : undefined}
          />
          <RequestQuoteButton product={product.data} signedIn={signedIn} />
          {user && user.uid !== product.data.supplierId && (
            <RequestTermsButton supplierId={product.data.supplierId} supplierName={product.data.userName} />
          )}
        </>
      }
    />
  );
}
