import { TOKEN_STORAGE_KEY } from '@/config/storage-keys';

/**
 * The API session token, kept in localStorage (spec section 3) and observable so React
 * re-renders when the auth flow or the api-client's re-exchange replaces it.
 */
type Listener = () => void;
const listeners = new Set<Listener>();

function read(): string | null {
  try {
    return localStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}

let current = read();
/**
 * Counts the ends of sessions (sign-out, expiry, another tab signing out). A token is fetched over
 * the network; one whose fetch began before the session ended must not be stored when it arrives,
 * or a sign-out during a refresh would bring a valid token back.
 */
let epoch = 0;

function emit() {
  for (const listener of listeners) listener();
}

export function getToken(): string | null {
  return current;
}

/** Pass to setToken: the token is stored only if no session ended since. */
export function sessionEpoch(): number {
  return epoch;
}

/**
 * Stores `token` unless the session ended after `startedIn` (sessionEpoch() when its fetch began). A
 * token that was fetched must pass it; omitting it stores unconditionally.
 */
export function setToken(token: string, startedIn: number = epoch): boolean {
  if (startedIn !== epoch) return false;
  current = token;
  try {
    localStorage.setItem(TOKEN_STORAGE_KEY, token);
  } catch {
    // Private mode or a full quota: the token still lives in memory for this tab.
  }
  emit();
  return true;
}

export function clearToken(): void {
  epoch++;
  current = null;
  try {
    localStorage.removeItem(TOKEN_STORAGE_KEY);
  } catch {
    // Nothing stored means nothing to remove.
  }
  emit();
}

export function subscribeToken(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// Another tab signing in or out changes the shared token.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== TOKEN_STORAGE_KEY && event.key !== null) return;
    current = read();
    if (current === null) epoch++;
    emit();
  });
}
