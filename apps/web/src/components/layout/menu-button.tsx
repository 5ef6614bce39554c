import { ChevronDown } from 'lucide-react';
import { Fragment, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { NavLink, useLocation } from 'react-router';
import type { NavGroup } from './nav-items';

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
  const [open, setOpen] = useState(false);
  const id = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const location = useLocation();
  const current = group.items.some((item) => location.pathname.startsWith(item.to));

  const items = () => [...(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
  const focusItem = (index: number) => {
    const all = items();
    all.at(index % all.length)?.focus();
  };
  const openAt = (index: number) => {
    setOpen(true);
    // The menu renders hidden; focus once it shows.
    requestAnimationFrame(() => focusItem(index));
  };
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) buttonRef.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  // A followed link closes the menu.
  useEffect(() => setOpen(false), [location.pathname]);

  const onButtonKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      openAt(0);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openAt(-1);
    }
  };
  const onMenuKey = (event: KeyboardEvent) => {
    const all = items();
    const at = all.indexOf(document.activeElement as HTMLElement);
    const moves: Record<string, number> = {
      ArrowDown: at + 1,
      ArrowUp: at - 1 + all.length,
      Home: 0,
      End: all.length - 1,
    };
    if (event.key in moves) {
      event.preventDefault();
      focusItem(moves[event.key]!);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') close(false);
  };

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
