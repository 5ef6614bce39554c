import { NavLink } from 'react-router';
import { paths } from '@/config/paths';

const LINKS = [
  { to: paths.invoices.getHref(), label: 'My invoices & terms' },
  { to: paths.supplierInvoices.getHref(), label: 'Invoices issued' },
  { to: paths.accounts.getHref(), label: 'Trade accounts' },
];

/** The three billing pages, one link in the main navigation (the lead regroups the menus later). */
export function TradeNav() {
  return (
    <nav aria-label="Billing" className="tabs tabs-box mb-6 flex-wrap">
      {LINKS.map((l) => (
        <NavLink
          key={l.to}
          to={l.to}
          end
          className={({ isActive }) => `tab text-base-content! ${isActive ? 'tab-active' : ''}`}
        >
          {l.label}
        </NavLink>
      ))}
    </nav>
  );
}
