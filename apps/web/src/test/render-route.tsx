import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import type { AuthContextValue } from '@/features/auth/auth-context';
import { FakeAuthProvider, fakeAuth } from './fake-auth';

function Where() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname}</p>;
}

/** Renders `element` at `path` with a fake auth; every other path shows its pathname. */
export function renderRoute(
  element: ReactNode,
  { path = '/', state, auth = fakeAuth() }: { path?: string; state?: unknown; auth?: AuthContextValue } = {},
) {
  const router = createMemoryRouter(
    [
      { path, element },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: [{ pathname: path, state }] },
  );
  render(
    <FakeAuthProvider value={auth}>
      <RouterProvider router={router} />
    </FakeAuthProvider>,
  );
  return router;
}
