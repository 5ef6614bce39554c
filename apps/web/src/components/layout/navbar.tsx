import { Boxes, LogOut, Menu, Settings, X } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { BRAND } from '@/config/messages';
import { paths } from '@/config/paths';
import { MenuButton } from './menu-button';
import { isGroup, navEntries, type NavBadge, type NavLinkItem } from './nav-items';
import { ThemeToggle } from './theme-toggle';
import { UserAvatar } from './user-avatar';

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

/** Links as they are in the mobile menu and at the top level of the bar. */
function NavLinks({ items, badgeOf }: { items: NavLinkItem[]; badgeOf: (item: NavLinkItem) => ReactNode }) {
  return items.map((item) => (
    <li key={item.to}>
      <NavLink
        to={item.to}
        end={item.end}
        className={({ isActive }) =>
          isActive ? 'menu-active bg-primary! font-semibold text-primary-content!' : 'font-medium'
        }
      >
        {item.label}
        {badgeOf(item) && <> {badgeOf(item)}</>}
      </NavLink>
    </li>
  ));
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
          <button
            type="button"
            className="btn btn-ghost btn-square btn-sm lg:hidden"
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? (
              <X className="size-5" aria-hidden="true" />
            ) : (
              <Menu className="size-5" aria-hidden="true" />
            )}
          </button>
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
          {user && (
            <>
              <Link
                to={paths.settings.getHref()}
                className="btn btn-ghost btn-square btn-sm"
                aria-label="Settings"
                title="Settings"
              >
                <Settings className="size-5" aria-hidden="true" />
              </Link>
              <UserAvatar key={user.photoURL ?? ''} name={user.displayName} photoURL={user.photoURL} />
              <button type="button" className="btn btn-error btn-sm" onClick={onLogout} aria-label="Logout">
                <LogOut className="size-4" aria-hidden="true" />
                <span className="hidden sm:inline">Logout</span>
              </button>
            </>
          )}
        </div>
      </nav>

      <div id="mobile-menu" hidden={!menuOpen} className="border-t border-base-300 bg-base-100 lg:hidden">
        {search && <div className="px-3 pt-3">{search(() => setMenuOpen(false))}</div>}
        {/* A followed link closes the menu. */}
        <ul className="menu w-full gap-1 p-3" onClick={() => setMenuOpen(false)}>
          {entries.map((entry) =>
            isGroup(entry) ? (
              <li key={entry.label}>
                {/* menu-title's faded colour fails contrast: full colour. */}
                <h2 className="menu-title text-base-content!">{entry.label}</h2>
                <ul>
                  <NavLinks items={entry.items} badgeOf={badgeOf} />
                </ul>
              </li>
            ) : (
              <NavLinks key={entry.to} items={[entry]} badgeOf={badgeOf} />
            ),
          )}
        </ul>
      </div>
    </header>
  );
}
