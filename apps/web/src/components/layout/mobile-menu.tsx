import { Menu, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { NavLinks } from './nav-links';
import { isGroup, type NavEntry, type NavLinkItem } from './nav-items';

interface MobileMenuProps {
  open: boolean;
  onClose: () => void;
  entries: NavEntry[];
  badgeOf: (item: NavLinkItem) => ReactNode;
  /** The search box; `onDone` closes the menu. */
  search?: (onDone: () => void) => ReactNode;
}

/** The navbar's menu on narrow screens: the search box, then every link, the groups under their titles. */
export function MobileMenu({ open, onClose, entries, badgeOf, search }: MobileMenuProps) {
  return (
    <div id="mobile-menu" hidden={!open} className="border-t border-base-300 bg-base-100 lg:hidden">
      {search && <div className="px-3 pt-3">{search(onClose)}</div>}
      {/* A followed link closes the menu. */}
      <ul className="menu w-full gap-1 p-3" onClick={onClose}>
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
  );
}

/** The button that opens and closes the mobile menu (narrow screens only). */
export function MobileMenuToggle({ open, onToggle }: { open: boolean; onToggle: () => void }) {
  return (
    <button
      type="button"
      className="btn btn-ghost btn-square btn-sm lg:hidden"
      aria-label={open ? 'Close menu' : 'Open menu'}
      aria-expanded={open}
      aria-controls="mobile-menu"
      onClick={onToggle}
    >
      {open ? <X className="size-5" aria-hidden="true" /> : <Menu className="size-5" aria-hidden="true" />}
    </button>
  );
}
