import { createBrowserRouter, type RouteObject } from 'react-router';
import { paths } from '@/config/paths';
import { GuestOnly } from '@/features/auth/components/guest-only';
import { RequireAuth } from '@/features/auth/components/require-auth';
import { publicPages } from './first-route';
import { PageErrorBoundary, RootErrorBoundary, RootLayout } from './routes/root';

/**
 * The route table of spec section 2, all under one root layout. Every page is its own lazy
 * module (app/routes/*), loaded on first visit.
 */
export const routes: RouteObject[] = [
  {
    path: paths.home.path,
    Component: RootLayout,
    ErrorBoundary: RootErrorBoundary,
    // The startup overlay covers the first load; nothing else to show.
    HydrateFallback: () => null,
    children: [
      {
        // Keeps the navbar and footer when a page fails.
        ErrorBoundary: PageErrorBoundary,
        children: [
          { index: true, lazy: publicPages.home },
          { path: paths.categories.path, lazy: publicPages.categories },
          { path: paths.category.path, lazy: publicPages.category },
          { path: paths.allProducts.path, lazy: publicPages.allProducts },
          { path: paths.product.path, lazy: publicPages.product },
          {
            Component: GuestOnly,
            children: [
              { path: paths.login.path, lazy: () => import('./routes/login') },
              { path: paths.register.path, lazy: () => import('./routes/register') },
            ],
          },
          {
            Component: RequireAuth,
            children: [
              { path: paths.addProduct.path, lazy: () => import('./routes/add-product') },
              { path: paths.myProducts.path, lazy: () => import('./routes/my-products') },
              { path: paths.updateProduct.path, lazy: () => import('./routes/update-product') },
              { path: paths.cart.path, lazy: () => import('./routes/cart') },
              { path: paths.settings.path, lazy: () => import('./routes/settings') },
              { path: paths.orders.path, lazy: () => import('./routes/orders') },
              // Its charts (recharts) load with this page only: the first page's budget does not move.
              { path: paths.dashboard.path, lazy: () => import('./routes/dashboard') },
              { path: paths.quotes.path, lazy: () => import('./routes/quotes') },
              { path: paths.quote.path, lazy: () => import('./routes/quote') },
              { path: paths.quoteRequest.path, lazy: () => import('./routes/quote-request') },
              { path: paths.invoices.path, lazy: () => import('./routes/invoices') },
              { path: paths.supplierInvoices.path, lazy: () => import('./routes/supplier-invoices') },
              { path: paths.accounts.path, lazy: () => import('./routes/accounts') },
            ],
          },
          // Public: the link may be opened in a browser where the user is not signed in.
          { path: paths.verifyEmail.path, lazy: () => import('./routes/verify-email') },
          { path: '*', lazy: () => import('./routes/not-found') },
        ],
      },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
