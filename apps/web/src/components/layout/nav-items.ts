import { paths } from '@/config/paths';

/** Counts the layout shows beside a link (and on the menu that holds it). */
export type NavBadge = 'orders' | 'dashboard' | 'quotes';

export interface NavLinkItem {
  to: string;
  label: string;
  end?: boolean;
  badge?: NavBadge;
}

/** A menu of links under one button (Buy, Sell). */
export interface NavGroup {
  label: string;
  items: NavLinkItem[];
}

export type NavEntry = NavLinkItem | NavGroup;
export const isGroup = (entry: NavEntry): entry is NavGroup => 'items' in entry;

/*
 * The navigation as data (issue #31): the spec's public links, then what a signed-in user buys with and
 * sells with, grouped so that 1280 px holds them. A new section is one line in its group.
 */
const PUBLIC: NavLinkItem[] = [
  { to: paths.home.getHref(), label: 'Home', end: true },
  { to: paths.categories.getHref(), label: 'Categories' },
  { to: paths.allProducts.getHref(), label: 'All Products' },
];

const BUY: NavGroup = {
  label: 'Buy',
  items: [
    { to: paths.cart.getHref(), label: 'My Cart' },
    { to: paths.quotes.getHref('buyer'), label: 'Quotes', badge: 'quotes' },
    // The buyer's invoices and terms; its Billing tabs lead to the supplier's pages too.
    { to: paths.invoices.getHref(), label: 'Invoices' },
  ],
};

const SELL: NavGroup = {
  label: 'Sell',
  items: [
    { to: paths.myProducts.getHref(), label: 'My Products' },
    { to: paths.addProduct.getHref(), label: 'Add Product' },
    { to: paths.orders.getHref(), label: 'Orders', badge: 'orders' },
    { to: paths.quotes.getHref('supplier'), label: 'Quote requests', badge: 'quotes' },
    { to: paths.supplierInvoices.getHref(), label: 'Invoices issued' },
    { to: paths.accounts.getHref(), label: 'Trade accounts' },
    { to: paths.dashboard.getHref(), label: 'Dashboard', badge: 'dashboard' },
  ],
};

const GUEST: NavLinkItem[] = [
  { to: paths.login.getHref(), label: 'Login' },
  { to: paths.register.getHref(), label: 'Register' },
];

/** Spec section 2: public links, then the signed-in groups or the signed-out links. */
export function navEntries(signedIn: boolean): NavEntry[] {
  return signedIn ? [...PUBLIC, BUY, SELL] : [...PUBLIC, ...GUEST];
}
