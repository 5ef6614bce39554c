import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { Navbar, type NavbarUser } from './navbar';
import { DEFAULT_AVATAR } from './user-avatar';

function renderNavbar(user: NavbarUser | null, path = '/') {
  const onLogout = vi.fn();
  const router = createMemoryRouter([{ path: '*', element: <Navbar user={user} onLogout={onLogout} /> }], {
    initialEntries: [path],
  });
  render(<RouterProvider router={router} />);
  return { onLogout };
}

const desktopLinks = () => within(screen.getByRole('navigation', { name: 'Main' })).getAllByRole('link');
const names = () => desktopLinks().map((link) => link.textContent);

describe('Navbar', () => {
  it('shows a guest the public links plus Login and Register', () => {
    renderNavbar(null);
    expect(names()).toEqual(['Bulkwise', 'Home', 'Categories', 'All Products', 'Login', 'Register']);
    expect(screen.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
  });

  it("groups a signed-in user's sections under Buy and Sell menus, not Login or Register", async () => {
    const user = userEvent.setup();
    renderNavbar({ displayName: 'Bea Buyer', photoURL: 'https://example.com/bea.png' });
    // The settings gear: an icon named by its label.
    expect(names()).toEqual(['Bulkwise', 'Home', 'Categories', 'All Products', '']);
    expect(screen.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings');
    const nav = within(screen.getByRole('navigation', { name: 'Main' }));
    const menuItems = async (group: string) => {
      const button = nav.getByRole('button', { name: group });
      expect(button).toHaveAttribute('aria-haspopup', 'menu');
      expect(button).toHaveAttribute('aria-expanded', 'false');
      await user.click(button);
      expect(button).toHaveAttribute('aria-expanded', 'true');
      const menu = nav.getByRole('menu', { name: group });
      const items = within(menu)
        .getAllByRole('menuitem')
        .map((item) => [item.textContent, item.getAttribute('href')]);
      await user.keyboard('{Escape}');
      return items;
    };
    expect(await menuItems('Buy')).toEqual([
      ['My Cart', '/cart'],
      ['Quotes', '/quotes?as=buyer'],
      ['Invoices', '/invoices'],
    ]);
    expect(await menuItems('Sell')).toEqual([
      ['My Products', '/my-products'],
      ['Add Product', '/add-product'],
      ['Orders', '/orders'],
      ['Quote requests', '/quotes?as=supplier'],
      ['Invoices issued', '/supplier-invoices'],
      ['Trade accounts', '/accounts'],
      ['Dashboard', '/dashboard'],
    ]);
  });

  it('follows the menu button pattern from the keyboard', async () => {
    const user = userEvent.setup();
    renderNavbar({ displayName: 'Sam Seller', photoURL: null });
    const button = screen.getByRole('button', { name: 'Sell' });
    button.focus();
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'My Products' })).toHaveFocus());
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Add Product' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('menuitem', { name: 'Dashboard' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'My Products' })).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Dashboard' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(button).toHaveFocus();
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    // ArrowUp opens on the last item; Enter on a link follows it and closes the menu.
    await user.keyboard('{ArrowUp}');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Dashboard' })).toHaveFocus());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(button).toHaveAttribute('aria-expanded', 'false'));
  });

  it('shows a badge on the group that holds its link', () => {
    const router = createMemoryRouter(
      [
        {
          path: '*',
          element: (
            <Navbar
              user={{ displayName: 'Sam', photoURL: null }}
              onLogout={() => {}}
              ordersBadge={<span data-testid="orders-badge">3</span>}
            />
          ),
        },
      ],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);
    const sell = screen.getByRole('button', { name: /^Sell/ });
    expect(within(sell).getByTestId('orders-badge')).toHaveTextContent('3');
    expect(
      within(screen.getByRole('navigation', { name: 'Main' })).getAllByTestId('orders-badge'),
    ).toHaveLength(1);
  });

  it('opens the same structure in the one mobile menu', async () => {
    const user = userEvent.setup();
    renderNavbar({ displayName: 'Sam', photoURL: null });
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const mobile = within(document.getElementById('mobile-menu')!);
    expect(mobile.getAllByRole('heading').map((h) => h.textContent)).toEqual(['Buy', 'Sell']);
    expect(mobile.getAllByRole('link').map((l) => l.getAttribute('href'))).toEqual([
      '/',
      '/categories',
      '/all-products',
      '/cart',
      '/quotes?as=buyer',
      '/invoices',
      '/my-products',
      '/add-product',
      '/orders',
      '/quotes?as=supplier',
      '/supplier-invoices',
      '/accounts',
      '/dashboard',
    ]);
  });

  it('marks the current page', () => {
    renderNavbar(null, '/categories');
    const current = desktopLinks().filter((link) => link.getAttribute('aria-current') === 'page');
    expect(current.map((link) => link.textContent)).toEqual(['Categories']);
  });

  it("shows the user's photo named by the display name, with fallbacks", () => {
    renderNavbar({ displayName: 'Bea Buyer', photoURL: 'https://example.com/bea.png' });
    const photo = screen.getByRole('img', { name: 'Bea Buyer' });
    expect(photo).toHaveAttribute('src', 'https://example.com/bea.png');
    expect(photo.closest('[data-tip]')).toHaveAttribute('data-tip', 'Bea Buyer');

    fireEvent.error(photo);
    expect(screen.getByRole('img', { name: 'Bea Buyer' })).toHaveAttribute('src', DEFAULT_AVATAR);
  });

  it("falls back to 'User' and the default avatar", () => {
    renderNavbar({ displayName: null, photoURL: null });
    expect(screen.getByRole('img', { name: 'User' })).toHaveAttribute('src', DEFAULT_AVATAR);
  });

  it('opens and closes the mobile menu with its toggle', async () => {
    const user = userEvent.setup();
    renderNavbar(null);
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(document.getElementById('mobile-menu')).not.toBeVisible();

    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    expect(document.getElementById('mobile-menu')).toBeVisible();

    await user.click(
      within(document.getElementById('mobile-menu')!).getByRole('link', { name: 'Categories' }),
    );
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('asks to log out through the Logout button', async () => {
    const { onLogout } = renderNavbar({ displayName: 'Bea', photoURL: null });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Logout' }));
    expect(onLogout).toHaveBeenCalledTimes(1);
  });

  it('places the search in the bar and in the mobile menu, where finishing a search closes the menu', async () => {
    const user = userEvent.setup();
    const router = createMemoryRouter(
      [
        {
          path: '*',
          element: (
            <Navbar
              user={null}
              onLogout={() => {}}
              search={(onDone) => (
                <button type="button" onClick={onDone}>
                  Search here
                </button>
              )}
            />
          ),
        },
      ],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);
    expect(screen.getAllByRole('button', { name: 'Search here', hidden: true })).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await user.click(
      within(document.getElementById('mobile-menu')!).getByRole('button', { name: 'Search here' }),
    );
    expect(document.getElementById('mobile-menu')).not.toBeVisible();
  });
});
