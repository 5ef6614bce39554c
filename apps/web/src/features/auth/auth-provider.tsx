import type { User } from 'firebase/auth';
import {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { flushSync } from 'react-dom';
import toast from 'react-hot-toast';
import { SESSION_MESSAGES } from '@/config/messages';
import { setSessionHooks } from '@/lib/api-client';
import { clearToken, getToken, sessionEpoch, setToken, subscribeToken } from '@/lib/session';
import { exchangeToken } from './api/exchange-token';
import type { AuthClient } from './auth-client';
import { AuthContext, type AuthContextValue, type AuthUser, type RegisterInput } from './auth-context';
import { onAuthIntent } from './on-auth-intent';
import { probePersistedUserOnce } from './persisted-user';

const loadAuthClient = () => import('./auth-client').then((module) => module.createAuthClient());

function toAuthUser(user: User): AuthUser {
  return {
    email: user.email,
    uid: user.uid,
    displayName: user.displayName,
    photoURL: user.photoURL,
    emailVerified: user.emailVerified,
  };
}

interface AuthProviderProps {
  children: ReactNode;
  /** Tests pass a fake; the app loads the Firebase-backed client lazily. */
  loadClient?: () => Promise<AuthClient>;
  /** False when no Firebase user is saved in this browser: signed out without waiting for the SDK. */
  hasPersistedUser?: () => Promise<boolean>;
}

export function AuthProvider({
  children,
  loadClient = loadAuthClient,
  hasPersistedUser = probePersistedUserOnce,
}: AuthProviderProps) {
  const [user, setUser] = useState<AuthUser | null>(null);
  const [loading, setLoading] = useState(true);
  const [flows, setFlows] = useState(0);
  const token = useSyncExternalStore(subscribeToken, getToken, getToken);

  const clientRef = useRef<Promise<AuthClient> | null>(null);
  /** In-flight exchange per uid, so onAuthStateChanged and the sign-in action share one call. */
  const exchanges = useRef(new Map<string, Promise<void>>());
  /** Only the newest exchange may store its token (a slow, older one must not win). */
  const exchangeSeq = useRef(0);
  /** Registration exchanges by itself once the profile is set, so the API sees the display name. */
  const holdAutoExchange = useRef(false);

  const getClient = useCallback((): Promise<AuthClient> => {
    clientRef.current ??= loadClient().catch((err: unknown) => {
      clientRef.current = null;
      throw err;
    });
    return clientRef.current;
  }, [loadClient]);

  const ensureToken = useCallback((client: AuthClient, firebaseUser: User, forceRefresh: boolean) => {
    const pending = exchanges.current.get(firebaseUser.uid);
    if (pending && !forceRefresh) return pending;
    const seq = ++exchangeSeq.current;
    const startedIn = sessionEpoch();
    const run: Promise<void> = (async () => {
      const email = firebaseUser.email;
      if (!email) {
        console.error('Session token: the signed-in account has no email address');
        return;
      }
      try {
        const idToken = await firebaseUser.getIdToken(forceRefresh);
        const result = await exchangeToken(idToken, { email, uid: firebaseUser.uid });
        const stillSignedIn = client.currentUser()?.uid === firebaseUser.uid;
        if (stillSignedIn && seq === exchangeSeq.current) setToken(result.token, startedIn);
      } catch (err) {
        // Spec section 8: token fetch errors are only logged.
        console.error('Failed to fetch the session token', err);
      }
    })().finally(() => {
      if (exchanges.current.get(firebaseUser.uid) === run) exchanges.current.delete(firebaseUser.uid);
    });
    exchanges.current.set(firebaseUser.uid, run);
    return run;
  }, []);

  useEffect(() => {
    let cancelled = false;
    let unsubscribe: () => void = () => {};
    let stopWaiting: () => void = () => {};

    const start = () =>
      getClient().then(
        (client) => {
          if (cancelled) return;
          setSessionHooks({
            async refresh() {
              const current = client.currentUser();
              if (!current?.email) return null;
              const startedIn = sessionEpoch();
              const idToken = await current.getIdToken(true);
              const result = await exchangeToken(idToken, { email: current.email, uid: current.uid });
              // Signed out while this was in flight: the new token must not bring the session back.
              return setToken(result.token, startedIn) ? result.token : null;
            },
            async expire() {
              // A session the user ended themselves did not expire: nothing to tell them.
              const signedIn = client.currentUser() !== null;
              clearToken();
              try {
                await client.signOut();
              } catch (err) {
                console.error('Sign-out after session expiry failed', err);
              }
              if (signedIn) toast.error(SESSION_MESSAGES.expired, { id: 'session-expired' });
            },
          });
          unsubscribe = client.onChange((firebaseUser) => {
            void (async () => {
              if (!firebaseUser) {
                clearToken();
                setUser(null);
              } else {
                setUser(toAuthUser(firebaseUser));
                if (!holdAutoExchange.current) await ensureToken(client, firebaseUser, false);
              }
              if (!cancelled) setLoading(false);
            })();
          });
        },
        (err: unknown) => {
          // Without the identity provider the public pages still work: continue as a visitor.
          console.error('Authentication could not start; continuing signed out', err);
          if (!cancelled) setLoading(false);
        },
      );

    hasPersistedUser().then(
      (maybe) => {
        if (cancelled) return;
        if (maybe) return void start();
        // Nobody is signed in to Firebase here, so no API session either (as onChange(null) does).
        clearToken();
        setLoading(false);
        stopWaiting = onAuthIntent(() => void start());
      },
      () => void start(),
    );

    return () => {
      cancelled = true;
      stopWaiting();
      unsubscribe();
      setSessionHooks(null);
    };
  }, [getClient, ensureToken, hasPersistedUser]);

  const signIn = useCallback(
    async (email: string, password: string) => {
      const client = await getClient();
      const firebaseUser = await client.signIn(email, password);
      setUser(toAuthUser(firebaseUser));
      await ensureToken(client, firebaseUser, false);
    },
    [getClient, ensureToken],
  );

  const signInWithGoogle = useCallback(async () => {
    const client = await getClient();
    const firebaseUser = await client.signInWithGoogle();
    setUser(toAuthUser(firebaseUser));
    await ensureToken(client, firebaseUser, false);
  }, [getClient, ensureToken]);

  const register = useCallback(
    async (input: RegisterInput) => {
      const client = await getClient();
      holdAutoExchange.current = true;
      try {
        const firebaseUser = await client.register(input);
        setUser(toAuthUser(firebaseUser));
        // A forced refresh gives an ID token that carries the new display name and photo.
        await ensureToken(client, firebaseUser, true);
      } finally {
        holdAutoExchange.current = false;
      }
    },
    [getClient, ensureToken],
  );

  const logOut = useCallback(async () => {
    const client = await getClient();
    // Ends the session before Firebase does: a token exchange or refresh in flight now cannot store
    // its answer (session.ts), and the API calls from here on go without a token.
    clearToken();
    await client.signOut();
    clearToken();
    setUser(null);
  }, [getClient]);

  const refreshEmailVerified = useCallback(async () => {
    const client = await getClient();
    const current = await client.reload();
    if (!current) return false;
    setUser(toAuthUser(current));
    // A fresh ID token carries the verified address to the API (POST /jwt records it).
    if (current.emailVerified) await ensureToken(client, current, true);
    return current.emailVerified;
  }, [getClient, ensureToken]);

  const applyEmailCode = useCallback(
    async (code: string) => {
      const client = await getClient();
      await client.applyEmailCode(code);
      await refreshEmailVerified();
    },
    [getClient, refreshEmailVerified],
  );

  const runAuthFlow = useCallback(async function run<T>(flow: () => Promise<T>): Promise<T> {
    // Committed before the flow changes the user, so no guard ever sees the new user without it.
    flushSync(() => setFlows((count) => count + 1));
    try {
      return await flow();
    } finally {
      setFlows((count) => count - 1);
    }
  }, []);

  const value = useMemo<AuthContextValue>(
    () => ({
      user,
      token,
      loading,
      flowActive: flows > 0,
      signIn,
      signInWithGoogle,
      register,
      logOut,
      runAuthFlow,
      applyEmailCode,
      refreshEmailVerified,
    }),
    [
      user,
      token,
      loading,
      flows,
      signIn,
      signInWithGoogle,
      register,
      logOut,
      runAuthFlow,
      applyEmailCode,
      refreshEmailVerified,
    ],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
