import { ChevronDown } from 'lucide-react';
import { Fragment, useId, type ReactNode } from 'react';
import { NavLink } from 'react-router';
import type { NavGroup } from './nav-items';
import { useMenuButton } from './use-menu-button';

interface MenuButtonProps {
  group: NavGroup;
  /** The badges of the group's links, shown on the button too so a closed menu still tells. */
  badgeOf: (item: NavGroup['items'][number]) => ReactNode;
}

/**
 * A WAI-ARIA menu button (https://www.w3.org/WAI/ARIA/apg/patterns/menu-button/): Enter, Space or
 * ArrowDown open it on the first item, ArrowUp on the last; arrows, Home and End move; Escape closes
 * and returns to the button; Tab or a click elsewhere closes it.
 */
export function MenuButton({ group, badgeOf }: MenuButtonProps) {
  const id = useId();
  const { open, buttonRef, menuRef, pathname, openAt, close, onButtonKey, onMenuKey } = useMenuButton();
  const current = group.items.some((item) => pathname.startsWith(item.to));

  return (
    <li className="relative">
      <button
        ref={buttonRef}
        type="button"
        id={`${id}-button`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={`${id}-menu`}
        className={current ? 'menu-active bg-primary! font-semibold text-primary-content!' : 'font-medium'}
        onClick={() => (open ? close(false) : openAt(0))}
        onKeyDown={onButtonKey}
      >
        {group.label}
        {group.items.map((item) => (
          // No wrapper: a badge with nothing to count renders nothing, and leaves no gap.
          <Fragment key={item.to}>{badgeOf(item)}</Fragment>
        ))}
        <ChevronDown className="size-4" aria-hidden="true" />
      </button>
      <ul
        ref={menuRef}
        id={`${id}-menu`}
        role="menu"
        aria-labelledby={`${id}-button`}
        hidden={!open}
        onKeyDown={onMenuKey}
        className="absolute top-full left-0 z-50 mt-1 w-48 rounded-box border border-base-300 bg-base-100 p-2 shadow-lg"
      >
        {group.items.map((item) => (
          <li key={item.to} role="none">
            <NavLink
              to={item.to}
              role="menuitem"
              tabIndex={-1}
              className={({ isActive }) => (isActive ? 'menu-active font-semibold' : 'font-medium')}
              onClick={() => close(false)}
            >
              {item.label}
              {/* While closed the button carries the count alone (one badge per count on the page). */}
              {open && badgeOf(item) && <> {badgeOf(item)}</>}
            </NavLink>
          </li>
        ))}
      </ul>
    </li>
  );
}
