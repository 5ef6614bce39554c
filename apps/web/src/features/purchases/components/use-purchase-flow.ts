import { unitPriceFor, type Product, type PurchaseResult } from '@bulkwise/contracts';
import { useState } from 'react';
import { useBuyNow, type StockFigures } from './use-buy-now';
import { useConfirmPurchase } from './use-confirm-purchase';

type PurchasableProduct = Pick<
  Product,
  '_id' | 'name' | 'price' | 'priceTiers' | 'mainQuantity' | 'minSellingQuantity'
>;

export interface PurchasePanelProps {
  product: PurchasableProduct;
  /** A signed-in user may buy; a visitor is asked to log in. The server takes the buyer from the token. */
  signedIn: boolean;
  /** Re-reads the product, so Buy Now checks against the current stock rather than the page's copy. */
  refreshProduct?: () => Promise<StockFigures>;
  onPurchased: (result: PurchaseResult) => void;
  /** A purchase failed: the page's stock may be out of date. */
  onPurchaseFailed?: () => void;
  /** The terms that apply to this order (trade on account), shown in the dialog. */
  paymentNote?: string;
}

/** The panel's state: the quantity, its unit price, the dialog, and the two steps Buy Now and Confirm. */
export function usePurchaseFlow(props: PurchasePanelProps) {
  const { product, signedIn, refreshProduct, onPurchased, onPurchaseFailed } = props;
  const min = product.minSellingQuantity;
  const [quantity, setQuantity] = useState(min);
  const [dialogOpen, setDialogOpen] = useState(false);
  /** The server refused the shown price (409 PRICE_CHANGED): its price, until the buyer confirms or leaves. */
  const [changedPrice, setChangedPrice] = useState<number | null>(null);
  const unitPrice = changedPrice ?? unitPriceFor(product, quantity);

  const selectQuantity = (next: number) => {
    setChangedPrice(null);
    setQuantity(next);
  };
  const closeDialog = () => {
    setChangedPrice(null);
    setDialogOpen(false);
  };

  const { confirm, pending } = useConfirmPurchase({
    product,
    signedIn,
    quantity,
    unitPrice,
    onPurchased,
    onPurchaseFailed,
    closeDialog,
    resetQuantity: () => setQuantity(min),
    showChangedPrice: setChangedPrice,
  });
  const { buyNow, checking } = useBuyNow({
    product,
    signedIn,
    refreshProduct,
    quantity,
    sending: pending,
    selectQuantity,
    openDialog: () => setDialogOpen(true),
  });
  return {
    quantity,
    unitPrice,
    changedPrice,
    dialogOpen,
    checking,
    pending,
    selectQuantity,
    closeDialog,
    buyNow,
    confirm,
  };
}
