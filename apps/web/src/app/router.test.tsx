import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LOGIN_MESSAGES, NOT_FOUND_MESSAGES } from '@/config/messages';
import { errorDialog, successDialog } from '@/lib/dialogs';
import { signedInUser } from '@/test/fake-auth';
import { json, mockApi } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';

vi.mock('@/lib/dialogs', () => import('@/test/dialogs-mock'));

const categories = Array.from({ length: 7 }, (_, i) => ({
  _id: `cat-${i + 1}`,
  name: `Category ${i + 1}`,
  slug: `category_${i + 1}`,
  description: 'd',
  image: '/images/c.svg',
  popular: false,
  productCount: i,
  subcategories: [],
}));

describe('the route table', () => {
  beforeEach(() => {
    mockApi({ 'GET /api/categories': () => json(categories) });
  });

  it('sends a guest from a signed-in page to /login, then back there after signing in', async () => {
    const user = userEvent.setup();
    const router = renderApp('/my-products');

    expect(await screen.findByRole('heading', { name: LOGIN_MESSAGES.heading })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toEqual({ from: '/my-products' });

    await user.type(screen.getByLabelText('Email address'), 'buyer@bulkwise.test');
    await user.type(screen.getByLabelText('Password'), 'Buyer#2026');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/my-products'));
    expect(successDialog).toHaveBeenCalledWith(LOGIN_MESSAGES.success);
    expect(await screen.findByRole('heading', { name: 'My Products' })).toBeInTheDocument();
    // The file's first test compiles two lazy routes and types a sign-in: on a loaded machine that takes
    // longer than the 5 s default (it timed out at load 15 beside other test files, 2.4 s alone).
  }, 15_000);

  it('sends a signed-in user away from /login and /register to /', async () => {
    const router = renderApp('/login', { user: signedInUser });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();

    await router.navigate('/register');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('opens signed-in pages for a signed-in user', async () => {
    renderApp('/cart', { user: signedInUser });
    expect(await screen.findByRole('heading', { name: 'My Cart' })).toBeInTheDocument();
    // The title is set in an effect after the page commits; under load that can trail the heading.
    await waitFor(() => expect(document.title).toBe('My Cart | Bulkwise'));
  });

  it('shows the not-found page for any other path', async () => {
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: NOT_FOUND_MESSAGES.title })).toBeInTheDocument();
    expect(screen.getByText(NOT_FOUND_MESSAGES.text)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: NOT_FOUND_MESSAGES.back })).toHaveAttribute('href', '/');
  });

  it('lists the first five categories in the footer', async () => {
    renderApp('/');
    const footer = await screen.findByRole('contentinfo');
    const nav = within(footer).getByRole('navigation', { name: 'Categories' });
    await waitFor(() => expect(within(nav).getAllByRole('link')).toHaveLength(6));
    expect(within(nav).getByRole('link', { name: 'Category 1' })).toHaveAttribute('href', '/category/cat-1');
    expect(within(nav).getByRole('link', { name: 'Category 5' })).toHaveAttribute('href', '/category/cat-5');
    expect(within(nav).queryByRole('link', { name: 'Category 6' })).not.toBeInTheDocument();
    expect(
      within(footer).getByText(new RegExp(`© ${new Date().getFullYear()} Bulkwise`)),
    ).toBeInTheDocument();
  });

  it('logs out: confirm, success dialog, then home', async () => {
    const user = userEvent.setup();
    const router = renderApp('/cart', { user: signedInUser });
    await screen.findByRole('heading', { name: 'My Cart' });

    await user.click(screen.getByRole('button', { name: 'Logout' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(successDialog).toHaveBeenCalledWith('Successfully logged out!');
    expect(errorDialog).not.toHaveBeenCalled();
    expect(screen.getByRole('link', { name: 'Login' })).toBeInTheDocument();
  });
});
