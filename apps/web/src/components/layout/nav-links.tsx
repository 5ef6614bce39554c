import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import type { NavLinkItem } from './nav-items';

/** Links as they are in the mobile menu and at the top level of the bar. */
export function NavLinks({
  items,
  badgeOf,
}: {
  items: NavLinkItem[];
  badgeOf: (item: NavLinkItem) => ReactNode;
}) {
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
