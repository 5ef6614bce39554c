import { PURCHASE_MESSAGES, type Product } from '@bulkwise/contracts';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { confirmDialog, errorDialog } from '@/lib/dialogs';
import { checkPurchaseQuantity } from './purchase-quantity';

export type StockFigures = Pick<Product, 'mainQuantity' | 'minSellingQuantity'>;

interface BuyNowOptions {
  product: StockFigures;
  signedIn: boolean;
  refreshProduct?: () => Promise<StockFigures>;
  quantity: number;
  /** A purchase is being sent: Buy Now ignores clicks meanwhile. */
  sending: boolean;
  selectQuantity: (quantity: number) => void;
  openDialog: () => void;
}

/** Offers a visitor the login page, and brings them back to this page afterwards. */
function useAskToLogIn() {
  const navigate = useNavigate();
  const location = useLocation();
  return async function askToLogIn() {
    const logIn = await confirmDialog({
      title: PURCHASE_MESSAGES.authRequiredTitle,
      text: PURCHASE_MESSAGES.authRequiredText,
      confirmText: 'Log In',
      cancelText: 'Cancel',
      icon: 'info',
      tone: 'primary',
    });
    if (logIn)
      await navigate(paths.login.getHref(), { state: { from: location.pathname + location.search } });
  };
}

/** Buy Now: a visitor is asked to log in; a buyer's quantity is checked against the latest stock first. */
export function useBuyNow(options: BuyNowOptions) {
  const { product, signedIn, refreshProduct, quantity, sending, selectQuantity, openDialog } = options;
  const [checking, setChecking] = useState(false);
  const askToLogIn = useAskToLogIn();

  async function buyNow() {
    if (checking || sending) return;
    if (!signedIn) return askToLogIn();

    let latest: StockFigures = product;
    if (refreshProduct) {
      setChecking(true);
      try {
        latest = await refreshProduct();
      } catch {
        // The page's figures stand in; the server checks again when the purchase is sent.
      } finally {
        setChecking(false);
      }
    }
    const problem = checkPurchaseQuantity(quantity, latest.minSellingQuantity, latest.mainQuantity);
    if (problem) {
      if (problem.kind === 'above-stock') selectQuantity(problem.max);
      await errorDialog(PURCHASE_MESSAGES.invalidQuantityTitle, problem.message);
      return;
    }
    openDialog();
  }

  return { buyNow, checking };
}
