import type { User } from 'firebase/auth';
import toast from 'react-hot-toast';
import { SESSION_MESSAGES } from '@/config/messages';
import { setSessionHooks } from '@/lib/api-client';
import { clearToken, sessionEpoch, setToken } from '@/lib/session';
import { exchangeToken } from './api/exchange-token';
import type { AuthClient } from './auth-client';
import type { AuthUser, RegisterInput } from './auth-context';
import { onAuthIntent } from './on-auth-intent';

/** What the provider shows: the Firebase user, whether the first answer is still awaited, flows running. */
export interface SessionState {
  user: AuthUser | null;
  loading: boolean;
  flows: number;
}

export interface SessionOptions {
  loadClient: () => Promise<AuthClient>;
  /** False when no Firebase user is saved in this browser: signed out without waiting for the SDK. */
  hasPersistedUser: () => Promise<boolean>;
}

function toAuthUser(user: User): AuthUser {
  return {
    email: user.email,
    uid: user.uid,
    displayName: user.displayName,
    photoURL: user.photoURL,
    emailVerified: user.emailVerified,
  };
}

/**
 * The session outside React: the identity client, the API token exchange (one in flight per user, the
 * newest wins, none stored after the session ended: lib/session.ts), the api-client's refresh and expiry
 * hooks, sign-in, registration and sign-out. AuthProvider only subscribes to it and exposes it. Methods
 * are bound (arrow properties) so the provider can hand them out as they are.
 */
export class SessionController {
  private state: SessionState = { user: null, loading: true, flows: 0 };
  private readonly listeners = new Set<() => void>();
  private client: Promise<AuthClient> | null = null;
  /** In-flight exchange per uid, so onChange and the sign-in action share one call. */
  private readonly exchanges = new Map<string, Promise<void>>();
  /** Only the newest exchange may store its token (a slow, older one must not win). */
  private exchangeSeq = 0;
  /** Registration exchanges by itself once the profile is set, so the API sees the display name. */
  private holdAutoExchange = false;

  constructor(private readonly options: SessionOptions) {}

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  getState = () => this.state;

  private set(patch: Partial<SessionState>) {
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener();
  }

  private getClient(): Promise<AuthClient> {
    return (this.client ??= this.options.loadClient().catch((err: unknown) => {
      this.client = null;
      throw err;
    }));
  }

  private ensureToken(auth: AuthClient, firebaseUser: User, forceRefresh: boolean): Promise<void> {
    const pending = this.exchanges.get(firebaseUser.uid);
    if (pending && !forceRefresh) return pending;
    const seq = ++this.exchangeSeq;
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
        const stillSignedIn = auth.currentUser()?.uid === firebaseUser.uid;
        if (stillSignedIn && seq === this.exchangeSeq) setToken(result.token, startedIn);
      } catch (err) {
        // Spec section 8: token fetch errors are only logged.
        console.error('Failed to fetch the session token', err);
      }
    })().finally(() => {
      if (this.exchanges.get(firebaseUser.uid) === run) this.exchanges.delete(firebaseUser.uid);
    });
    this.exchanges.set(firebaseUser.uid, run);
    return run;
  }

  /**
   * Starts following the identity client (at once when a user is saved in this browser, else on the
   * first sign-in intent); returns the stop. Safe to start again after a stop (React's strict mode).
   */
  start = (): (() => void) => {
    const run = { stopped: false, unsubscribe: () => {}, stopWaiting: () => {} };
    const follow = () => void this.follow(run);
    this.options.hasPersistedUser().then((maybe) => {
      if (run.stopped) return;
      if (maybe) return follow();
      // Nobody is signed in to Firebase here, so no API session either (as onChange(null) does).
      clearToken();
      this.set({ loading: false });
      run.stopWaiting = onAuthIntent(follow);
    }, follow);
    return () => {
      run.stopped = true;
      run.stopWaiting();
      run.unsubscribe();
      setSessionHooks(null);
    };
  };

  private async follow(run: { stopped: boolean; unsubscribe: () => void }) {
    let auth: AuthClient;
    try {
      auth = await this.getClient();
    } catch (err) {
      // Without the identity provider the public pages still work: continue as a visitor.
      console.error('Authentication could not start; continuing signed out', err);
      if (!run.stopped) this.set({ loading: false });
      return;
    }
    if (run.stopped) return;
    setSessionHooks(hooksFor(auth));
    run.unsubscribe = auth.onChange((firebaseUser) => {
      void (async () => {
        if (!firebaseUser) {
          clearToken();
          this.set({ user: null });
        } else {
          this.set({ user: toAuthUser(firebaseUser) });
          if (!this.holdAutoExchange) await this.ensureToken(auth, firebaseUser, false);
        }
        if (!run.stopped) this.set({ loading: false });
      })();
    });
  }

  /** Signs in with `signInWith`, shows the user at once, and waits for the API token. */
  private async signInWith(signInWith: (auth: AuthClient) => Promise<User>, forceRefresh = false) {
    const auth = await this.getClient();
    const firebaseUser = await signInWith(auth);
    this.set({ user: toAuthUser(firebaseUser) });
    await this.ensureToken(auth, firebaseUser, forceRefresh);
  }

  signIn = (email: string, password: string) => this.signInWith((auth) => auth.signIn(email, password));

  signInWithGoogle = () => this.signInWith((auth) => auth.signInWithGoogle());

  register = async (input: RegisterInput) => {
    this.holdAutoExchange = true;
    try {
      // A forced refresh gives an ID token that carries the new display name and photo.
      await this.signInWith((auth) => auth.register(input), true);
    } finally {
      this.holdAutoExchange = false;
    }
  };

  logOut = async () => {
    const auth = await this.getClient();
    // Ends the session before Firebase does: a token exchange or refresh in flight now cannot store
    // its answer (session.ts), and the API calls from here on go without a token.
    clearToken();
    await auth.signOut();
    clearToken();
    this.set({ user: null });
  };

  refreshEmailVerified = async (): Promise<boolean> => {
    const auth = await this.getClient();
    const current = await auth.reload();
    if (!current) return false;
    this.set({ user: toAuthUser(current) });
    // A fresh ID token carries the verified address to the API (POST /jwt records it).
    if (current.emailVerified) await this.ensureToken(auth, current, true);
    return current.emailVerified;
  };

  applyEmailCode = async (code: string) => {
    await (await this.getClient()).applyEmailCode(code);
    await this.refreshEmailVerified();
  };

  /** A sign-in or registration flow begins (the guards wait for it) or ends. */
  beginFlow = () => this.set({ flows: this.state.flows + 1 });
  endFlow = () => this.set({ flows: this.state.flows - 1 });
}

/** The api-client's answers to a 401: a fresh token for the same user, or the end of the session. */
function hooksFor(auth: AuthClient) {
  return {
    async refresh() {
      const current = auth.currentUser();
      if (!current?.email) return null;
      const startedIn = sessionEpoch();
      const idToken = await current.getIdToken(true);
      const result = await exchangeToken(idToken, { email: current.email, uid: current.uid });
      // Signed out while this was in flight: the new token must not bring the session back.
      return setToken(result.token, startedIn) ? result.token : null;
    },
    async expire() {
      // A session the user ended themselves did not expire: nothing to tell them.
      const signedIn = auth.currentUser() !== null;
      clearToken();
      try {
        await auth.signOut();
      } catch (err) {
        console.error('Sign-out after session expiry failed', err);
      }
      if (signedIn) toast.error(SESSION_MESSAGES.expired, { id: 'session-expired' });
    },
  };
}
