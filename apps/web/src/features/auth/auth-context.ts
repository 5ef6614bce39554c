import { createContext, useContext } from 'react';

/** The signed-in user as the pages see it (spec section 3: "Authenticated user"). */
export interface AuthUser {
  email: string | null;
  uid: string;
  displayName: string | null;
  photoURL: string | null;
  /** Firebase vouches that the address is the user's (order emails go only to verified addresses). */
  emailVerified: boolean;
}

export interface RegisterInput {
  name: string;
  email: string;
  password: string;
  photoURL: string;
}

export interface AuthContextValue {
  user: AuthUser | null;
  /** The API session token (also in localStorage), or null. */
  token: string | null;
  /** True until the first auth state (and its token exchange) is known. */
  loading: boolean;
  /**
   * True while a sign-in, registration or logout on this page is still showing its dialog:
   * the route guards hold their redirects so the page can finish and navigate itself.
   */
  flowActive: boolean;
  /** These resolve once the API token exchange has finished (its errors are only logged). */
  signIn(email: string, password: string): Promise<void>;
  signInWithGoogle(): Promise<void>;
  register(input: RegisterInput): Promise<void>;
  /** Throws when the identity provider refuses: the caller shows the error. */
  logOut(): Promise<void>;
  runAuthFlow<T>(flow: () => Promise<T>): Promise<T>;
  /**
   * Applies the one-time code of a verification link; when signed in, the user and the API session
   * then carry the verified address (a fresh ID token is exchanged). Throws when Firebase refuses it.
   */
  applyEmailCode(code: string): Promise<void>;
  /** Asks Firebase again (the link may have been opened elsewhere); answers whether it is verified now. */
  refreshEmailVerified(): Promise<boolean>;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
