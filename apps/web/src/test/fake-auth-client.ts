import type { User } from 'firebase/auth';
import { vi } from 'vitest';
import type { AuthClient } from '@/features/auth/auth-client';

/** A Firebase user as the SDK hands it over; `getIdToken(true)` gives a fresh token. */
export function fakeUser(overrides: Partial<User> = {}): User {
  return {
    uid: 'uid-1',
    email: 'supplier@bulkwise.test',
    displayName: null,
    photoURL: null,
    getIdToken: vi.fn(async (force?: boolean) => (force ? 'firebase-fresh' : 'firebase-cached')),
    ...overrides,
  } as unknown as User;
}

/** A Firebase stand-in: tests decide when the auth state changes. */
export function fakeClient() {
  let listener: (user: User | null) => void = () => {};
  let current: User | null = null;
  const emit = (user: User | null) => {
    current = user;
    listener(user);
  };
  const client = {
    currentUser: () => current,
    onChange: vi.fn((callback: (user: User | null) => void) => {
      listener = callback;
      return () => {};
    }),
    signIn: vi.fn(async () => {
      const user = fakeUser();
      emit(user);
      return user;
    }),
    signInWithGoogle: vi.fn(async () => fakeUser()),
    register: vi.fn(async (input: { name: string; photoURL: string }) => {
      // Firebase reports the new user before the profile is set.
      emit(fakeUser());
      const named = fakeUser({ displayName: input.name, photoURL: input.photoURL });
      current = named;
      return named;
    }),
    signOut: vi.fn(async () => emit(null)),
    reload: vi.fn(async () => current),
  };
  return { client: client as unknown as AuthClient, raw: client, emit };
}
