import { ChartLine, ClipboardList, FileText, Handshake, Receipt, Settings, ShoppingCart } from 'lucide-react';
import type { PageHead } from '@/components/layout/page-section';
import { CART_MESSAGES } from '@/config/messages';

/** The heading of each signed-in page with a fixed title: its id, title (also the tab's), icon and subtitle. */
export const PAGE_HEADS = {
  accounts: {
    id: 'accounts-title',
    title: 'Trade Accounts',
    icon: Handshake,
    subtitle: 'Payment terms, credit limits and holds for each of your buyers',
  },
  cart: {
    id: 'cart-title',
    title: CART_MESSAGES.title,
    icon: ShoppingCart,
    subtitle: 'Your bulk purchases, newest first',
  },
  dashboard: {
    id: 'dashboard-title',
    title: 'Dashboard',
    icon: ChartLine,
    subtitle: 'What sells, what you earned, who buys and what is running out',
  },
  invoices: {
    id: 'invoices-title',
    title: 'Invoices',
    icon: Receipt,
    subtitle: 'Invoices from your suppliers and the terms each one gives you',
  },
  orders: {
    id: 'orders-title',
    title: 'Orders',
    icon: ClipboardList,
    subtitle: 'Orders buyers placed for your products, newest first',
  },
  quoteRequest: {
    id: 'quote-request-title',
    title: 'Quote Request',
    icon: FileText,
    subtitle: 'Ask each supplier for a price on the products you added',
  },
  quotes: {
    id: 'quotes-title',
    title: 'Quotes',
    icon: FileText,
    subtitle: 'Prices negotiated for large orders, newest activity first',
  },
  settings: {
    id: 'settings-title',
    title: 'Settings',
    icon: Settings,
    subtitle: 'Choose what Bulkwise sends you and what your invoices show',
  },
  supplierInvoices: {
    id: 'supplier-invoices-title',
    title: 'Invoices Issued',
    icon: Receipt,
    subtitle: 'Invoices you issued to your buyers, newest first',
  },
} satisfies Record<string, PageHead>;
