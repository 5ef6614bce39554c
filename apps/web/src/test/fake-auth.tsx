import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { AuthContext, type AuthContextValue, type AuthUser } from '@/features/auth/auth-context';

export const signedInUser: AuthUser = {
  email: 'buyer@bulkwise.test',
  uid: 'uid-buyer',
  displayName: 'Bea Buyer',
  photoURL: 'https://example.com/bea.png',
  emailVerified: true,
};

/** An auth context without Firebase: a guest by default, or `{ user, token }` for a signed-in user. */
export function fakeAuth(overrides: Partial<AuthContextValue> = {}): AuthContextValue {
  return {
    user: null,
    token: null,
    loading: false,
    flowActive: false,
    signIn: vi.fn(async () => {}),
    signInWithGoogle: vi.fn(async () => {}),
    register: vi.fn(async () => {}),
    logOut: vi.fn(async () => {}),
    runAuthFlow: <T,>(flow: () => Promise<T>) => flow(),
    applyEmailCode: vi.fn(async () => {}),
    refreshEmailVerified: vi.fn(async () => false),
    ...overrides,
  };
}

export function FakeAuthProvider({ value, children }: { value: AuthContextValue; children: ReactNode }) {
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
