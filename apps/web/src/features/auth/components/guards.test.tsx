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

/** Renders `path` for `auth`: the page that shows, and where the router ended up. */
function expectLanding(path: string, auth: AuthContextValue, page: string, pathname: string) {
  const router = renderAt(path, auth);
  expect(screen.getByText(page)).toBeInTheDocument();
  expect(router.state.location.pathname).toBe(pathname);
}

const signedIn = () => fakeAuth({ user: signedInUser, token: 'api-token' });

describe('RequireAuth', () => {
  it('sends a guest to /login and remembers where they wanted to go', () => {
    expectLanding('/cart?tab=recent#top', fakeAuth(), 'login page from /cart?tab=recent#top', '/login');
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

  it.each([
    ['renders nothing while the auth state is unknown', { loading: true }],
    ['holds the redirect while a logout dialog is still showing', { flowActive: true }],
  ])('%s', (_, state) => {
    const router = renderAt('/cart', fakeAuth(state));
    expect(screen.queryByText(/page/)).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/cart');
  });
});

describe('GuestOnly', () => {
  it('sends a signed-in user home', () => {
    expectLanding('/login', signedIn(), 'home page', '/');
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
