import { Boxes } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { BRAND } from '@/config/messages';
import { paths } from '@/config/paths';
import { MenuButton } from './menu-button';
import { MobileMenu, MobileMenuToggle } from './mobile-menu';
import { isGroup, navEntries, type NavBadge, type NavLinkItem } from './nav-items';
import { NavLinks } from './nav-links';
import { NavbarAccount } from './navbar-account';
import { ThemeToggle } from './theme-toggle';

export interface NavbarUser {
  displayName: string | null;
  photoURL: string | null;
}

interface NavbarProps {
  user: NavbarUser | null;
  onLogout: () => void;
  /** The search box, shown on wide screens and inside the mobile menu; `onDone` closes that menu. */
  search?: (onDone: () => void) => ReactNode;
  /** Shown beside the Orders link (the layout passes the orders feature's badge). */
  ordersBadge?: ReactNode;
  /** Shown beside the Dashboard link (the layout passes the low-stock count). */
  dashboardBadge?: ReactNode;
  /** Shown beside the Quotes links (quotes waiting for the user, unread messages). */
  quotesBadge?: ReactNode;
}

export function Navbar({ user, onLogout, search, ordersBadge, dashboardBadge, quotesBadge }: NavbarProps) {
  const [menuOpen, setMenuOpen] = useState(false);
  const entries = navEntries(user !== null);
  const badges: Record<NavBadge, ReactNode> = {
    orders: ordersBadge,
    dashboard: dashboardBadge,
    quotes: quotesBadge,
  };
  const badgeOf = (item: NavLinkItem) => (item.badge ? badges[item.badge] : undefined);

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setMenuOpen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  return (
    <header className="fixed inset-x-0 top-0 z-50 border-b border-base-300 bg-base-100/95 shadow-sm backdrop-blur">
      <nav aria-label="Main" className="navbar mx-auto h-[var(--nav-height)] min-h-0 max-w-7xl gap-2 px-4">
        <div className="navbar-start gap-1">
          <MobileMenuToggle open={menuOpen} onToggle={() => setMenuOpen((open) => !open)} />
          <Link to={paths.home.getHref()} className="flex items-center gap-2 text-xl font-bold text-primary">
            <Boxes className="size-7" aria-hidden="true" />
            <span>{BRAND}</span>
          </Link>
        </div>

        <div className="navbar-center hidden lg:flex">
          {/* The public links and the Buy and Sell menus (WAI-ARIA menu buttons). */}
          <ul className="menu menu-horizontal menu-sm gap-0.5 px-1 2xl:menu-md">
            {entries.map((entry) =>
              isGroup(entry) ? (
                <MenuButton key={entry.label} group={entry} badgeOf={badgeOf} />
              ) : (
                <NavLinks key={entry.to} items={[entry]} badgeOf={badgeOf} />
              ),
            )}
          </ul>
        </div>

        <div className="navbar-end gap-2">
          {search && <div className="hidden w-40 lg:block 2xl:w-64">{search(() => {})}</div>}
          <ThemeToggle />
          {user && <NavbarAccount name={user.displayName} photoURL={user.photoURL} onLogout={onLogout} />}
        </div>
      </nav>

      <MobileMenu
        open={menuOpen}
        onClose={() => setMenuOpen(false)}
        entries={entries}
        badgeOf={badgeOf}
        search={search}
      />
    </header>
  );
}
