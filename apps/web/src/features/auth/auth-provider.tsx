import { useCallback, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { getToken, subscribeToken } from '@/lib/session';
import type { AuthClient } from './auth-client';
import { AuthContext, type AuthContextValue } from './auth-context';
import { probePersistedUserOnce } from './persisted-user';
import { SessionController } from './session-controller';

const loadAuthClient = () => import('./auth-client').then((module) => module.createAuthClient());

interface AuthProviderProps {
  children: ReactNode;
  /** Tests pass a fake; the app loads the Firebase-backed client lazily. */
  loadClient?: () => Promise<AuthClient>;
  /** False when no Firebase user is saved in this browser: signed out without waiting for the SDK. */
  hasPersistedUser?: () => Promise<boolean>;
}

/** Exposes the session controller (session-controller.ts) to React: its state, the token, its actions. */
export function AuthProvider({
  children,
  loadClient = loadAuthClient,
  hasPersistedUser = probePersistedUserOnce,
}: AuthProviderProps) {
  // One controller for the provider's life: the options are read once, as a store's setup.
  const [session] = useState(() => new SessionController({ loadClient, hasPersistedUser }));
  useEffect(() => session.start(), [session]);
  const state = useSyncExternalStore(session.subscribe, session.getState, session.getState);
  const token = useSyncExternalStore(subscribeToken, getToken, getToken);

  const runAuthFlow = useCallback(
    async function run<T>(flow: () => Promise<T>): Promise<T> {
      // Committed before the flow changes the user, so no guard ever sees the new user without it.
      flushSync(() => session.beginFlow());
      try {
        return await flow();
      } finally {
        session.endFlow();
      }
    },
    [session],
  );

  const value = useMemo<AuthContextValue>(
    () => ({
      user: state.user,
      token,
      loading: state.loading,
      flowActive: state.flows > 0,
      signIn: session.signIn,
      signInWithGoogle: session.signInWithGoogle,
      register: session.register,
      logOut: session.logOut,
      runAuthFlow,
      applyEmailCode: session.applyEmailCode,
      refreshEmailVerified: session.refreshEmailVerified,
    }),
    [state, token, session, runAuthFlow],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
