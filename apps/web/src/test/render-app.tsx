import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { routes } from '@/app/router';
import type { AuthContextValue, AuthUser } from '@/features/auth/auth-context';
import { FakeAuthProvider, fakeAuth, signedInUser } from './fake-auth';

/**
 * A fake auth whose signIn really signs in (user + token), so guarded pages open afterwards;
 * its runAuthFlow behaves like AuthProvider's.
 */
function StatefulAuth({
  initial,
  children,
  overrides,
}: {
  initial: AuthUser | null;
  children: ReactNode;
  overrides: Partial<AuthContextValue>;
}) {
  const [user, setUser] = useState<AuthUser | null>(initial);
  const [flows, setFlows] = useState(0);
  const value = fakeAuth({
    user,
    token: user ? 'api-token' : null,
    flowActive: flows > 0,
    signIn: vi.fn(async () => setUser(signedInUser)),
    logOut: vi.fn(async () => setUser(null)),
    // As if the user had opened the verification link: Firebase now vouches for the address.
    refreshEmailVerified: vi.fn(async () => {
      setUser((u) => (u ? { ...u, emailVerified: true } : u));
      return true;
    }),
    applyEmailCode: vi.fn(async () => setUser((u) => (u ? { ...u, emailVerified: true } : u))),
    runAuthFlow: async <T,>(flow: () => Promise<T>) => {
      flushSync(() => setFlows((n) => n + 1));
      try {
        return await flow();
      } finally {
        setFlows((n) => n - 1);
      }
    },
    ...overrides,
  });
  return <FakeAuthProvider value={value}>{children}</FakeAuthProvider>;
}

export function renderApp(
  path: string,
  { user = null, auth = {} }: { user?: AuthUser | null; auth?: Partial<AuthContextValue> } = {},
) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <StatefulAuth initial={user} overrides={auth}>
        <RouterProvider router={router} />
      </StatefulAuth>
    </QueryClientProvider>,
  );
  return router;
}
