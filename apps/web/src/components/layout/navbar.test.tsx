import { fireEvent, render, screen, within } from '@testing-library/react';
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

  it('shows a signed-in user Add Product, My Products, My Cart, Orders, Quotes, Dashboard and Invoices, not Login or Register', () => {
    renderNavbar({ displayName: 'Bea Buyer', photoURL: 'https://example.com/bea.png' });
    expect(names()).toEqual([
      'Bulkwise',
      'Home',
      'Categories',
      'All Products',
      'Add Product',
      'My Products',
      'My Cart',
      'Orders',
      'Quotes',
      'Dashboard',
      'Invoices',
      // The settings gear: an icon named by its label.
      '',
    ]);
    expect(screen.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings');
    const hrefs = desktopLinks().map((link) => link.getAttribute('href'));
    expect(hrefs).toEqual([
      '/',
      '/',
      '/categories',
      '/all-products',
      '/add-product',
      '/my-products',
      '/cart',
      '/orders',
      '/quotes',
      '/dashboard',
      '/invoices',
      '/settings',
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
