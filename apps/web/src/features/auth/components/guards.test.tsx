import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { FakeAuthProvider, fakeAuth, signedInUser } from '@/test/fake-auth';
import type { AuthContextValue } from '../auth-context';
import { GuestOnly } from './guest-only';
import { RequireAuth } from './require-auth';

function Probe({ name }: { name: string }) {
  const location = useLocation();
  const from = (location.state as { from?: string } | null)?.from;
  return (
    <p>
      {name} page{from ? ` from ${from}` : ''}
    </p>
  );
}

function renderAt(path: string, auth: AuthContextValue) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <Probe name="home" /> },
      { element: <GuestOnly />, children: [{ path: '/login', element: <Probe name="login" /> }] },
      { element: <RequireAuth />, children: [{ path: '/cart', element: <Probe name="cart" /> }] },
    ],
    { initialEntries: [path] },
  );
  render(
    <FakeAuthProvider value={auth}>
      <RouterProvider router={router} />
    </FakeAuthProvider>,
  );
  return router;
}

const signedIn = () => fakeAuth({ user: signedInUser, token: 'api-token' });

describe('RequireAuth', () => {
  it('sends a guest to /login and remembers where they wanted to go', () => {
    const router = renderAt('/cart?tab=recent#top', fakeAuth());
    expect(screen.getByText('login page from /cart?tab=recent#top')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('needs the API token as well as the user', () => {
    const router = renderAt('/cart', fakeAuth({ user: signedInUser, token: null }));
    // /login then sends the (Firebase) signed-in user home.
    expect(router.state.location.pathname).toBe('/');
    expect(screen.queryByText(/cart page/)).not.toBeInTheDocument();
  });

  it('shows the page to a signed-in user', () => {
    renderAt('/cart', signedIn());
    expect(screen.getByText('cart page')).toBeInTheDocument();
  });

  it('renders nothing while the auth state is unknown', () => {
    const router = renderAt('/cart', fakeAuth({ loading: true }));
    expect(screen.queryByText(/page/)).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/cart');
  });

  it('holds the redirect while a logout dialog is still showing', () => {
    const router = renderAt('/cart', fakeAuth({ flowActive: true }));
    expect(router.state.location.pathname).toBe('/cart');
    expect(screen.queryByText(/page/)).not.toBeInTheDocument();
  });
});

describe('GuestOnly', () => {
  it('sends a signed-in user home', () => {
    const router = renderAt('/login', signedIn());
    expect(screen.getByText('home page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('shows the page to a guest', () => {
    renderAt('/login', fakeAuth());
    expect(screen.getByText('login page')).toBeInTheDocument();
  });

  it('lets a sign-in in progress finish its dialog on the page', () => {
    renderAt('/login', fakeAuth({ user: signedInUser, token: 'api-token', flowActive: true }));
    expect(screen.getByText('login page')).toBeInTheDocument();
  });
});
