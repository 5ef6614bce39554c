import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useNavigation, useRouteError } from 'react-router';
import { ErrorState } from '@/components/feedback/error-state';
import { BackToTop } from '@/components/layout/back-to-top';
import { Footer } from '@/components/layout/footer';
import { Navbar } from '@/components/layout/navbar';
import { useAuth } from '@/features/auth/auth-context';
import { useLogout } from '@/features/auth/use-logout';
import { useCategories } from '@/features/categories/api/get-categories';
import { SearchBox } from '@/features/products/search/search-box';
import { LowStockBadge } from '@/features/insights/components/low-stock-badge';
import { OrdersBadge } from '@/features/orders/components/orders-badge';
import { QuotesBadge } from '@/features/quotes/components/quotes-badge';
import { UnreadBadge } from '@/features/threads/components/unread-badge';

export function RootLayout() {
  const { user } = useAuth();
  const logout = useLogout();
  // A failed load simply leaves the footer without category links.
  const categories = useCategories();
  const navigation = useNavigation();

  return (
    <div className="flex min-h-screen flex-col bg-base-100 text-base-content">
      <a href="#main" className="btn btn-primary btn-sm sr-only fixed left-4 top-2 z-[60] focus:not-sr-only">
        Skip to content
      </a>
      <Navbar
        user={user}
        onLogout={() => void logout()}
        search={(onDone) => <SearchBox onDone={onDone} />}
        ordersBadge={user ? <OrdersBadge /> : undefined}
        dashboardBadge={user ? <LowStockBadge /> : undefined}
        quotesBadge={
          user ? (
            <>
              <QuotesBadge /> <UnreadBadge />
            </>
          ) : undefined
        }
      />
      {navigation.state === 'loading' && (
        <div
          className="fixed inset-x-0 top-[var(--nav-height)] z-50 h-0.5 animate-pulse bg-primary"
          aria-hidden="true"
        />
      )}
      <main id="main" className="flex-1 pt-[var(--nav-height)]">
        <Outlet />
      </main>
      <Footer categories={categories.data} />
      <BackToTop />
      <ScrollRestoration />
    </div>
  );
}

// A lazy page chunk that no longer exists after a deploy also lands here: a reload fixes it.
const LOAD_FAILED = 'Something went wrong while loading this page. Please try again.';

function useLoggedRouteError(): void {
  const error = useRouteError();
  useEffect(() => console.error(error), [error]);
}

/** A page failed: the layout stays, the page area shows the error with Try Again. */
export function PageErrorBoundary() {
  useLoggedRouteError();
  return <ErrorState message={LOAD_FAILED} />;
}

/** The layout itself failed: nothing but the error can be shown. */
export function RootErrorBoundary() {
  useLoggedRouteError();
  return (
    <main className="flex min-h-screen items-center justify-center bg-base-100 text-base-content">
      <ErrorState message={LOAD_FAILED} />
    </main>
  );
}
