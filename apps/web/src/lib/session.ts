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

function emit() {
  for (const listener of listeners) listener();
}

export function getToken(): string | null {
  return current;
}

export function setToken(token: string): void {
  current = token;
  try {
    localStorage.setItem(TOKEN_STORAGE_KEY, token);
  } catch {
    // Private mode or a full quota: the token still lives in memory for this tab.
  }
  emit();
}

export function clearToken(): void {
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
    emit();
  });
}
