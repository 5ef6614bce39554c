/*
 * Is a Firebase user saved in this browser? Answered without the Firebase SDK (about 100 KB), so a
 * visitor who has never signed in (or signed out) is known to be signed out at once and the SDK can
 * wait until the page is idle. firebase/auth 12 saves the signed-in user under the key
 * `firebase:authUser:<apiKey>:<appName>`, in IndexedDB (database `firebaseLocalStorageDb`, object store
 * `firebaseLocalStorage`, key path `fbase_key`) or, where IndexedDB is unavailable, in localStorage
 * (lib/firebase.ts asks for those two persistences, in that order).
 * Whenever the answer is uncertain (an error, a slow database) it is "maybe": the caller then loads
 * the SDK first, as before, and never shows a returning user as signed out.
 */
import { TIMINGS } from '@/config/timings';
const USER_KEY_PREFIX = 'firebase:authUser:';
const DB_NAME = 'firebaseLocalStorageDb';
const STORE = 'firebaseLocalStorage';
/**
 * As long as the startup overlay shows (spec: 2 s): a slow answer costs the visitor nothing while it is
 * up. 1 s was too short on a loaded 2-core machine, where opening IndexedDB alone can take longer.
 */
const PROBE_TIMEOUT_MS = TIMINGS.startupOverlayMs;

const isUserKey = (key: unknown) => typeof key === 'string' && key.startsWith(USER_KEY_PREFIX);

function inLocalStorage(): boolean {
  try {
    for (let i = 0; i < localStorage.length; i++) if (isUserKey(localStorage.key(i))) return true;
    return false;
  } catch {
    // Storage blocked: Firebase cannot have saved a user there either.
    return false;
  }
}

function inIndexedDb(): Promise<boolean> {
  if (typeof indexedDB === 'undefined') return Promise.resolve(false);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(true), PROBE_TIMEOUT_MS);
    const done = (answer: boolean) => {
      clearTimeout(timer);
      resolve(answer);
    };
    let request: IDBOpenDBRequest;
    try {
      request = indexedDB.open(DB_NAME);
    } catch {
      done(true);
      return;
    }
    // The database does not exist: abort, so this probe does not create it (an empty database).
    request.onupgradeneeded = () => request.transaction?.abort();
    request.onerror = () => done(request.error?.name !== 'AbortError');
    request.onblocked = () => done(true);
    request.onsuccess = () => {
      const db = request.result;
      if (!db.objectStoreNames.contains(STORE)) {
        db.close();
        done(false);
        return;
      }
      try {
        const keys = db.transaction(STORE, 'readonly').objectStore(STORE).getAllKeys();
        keys.onsuccess = () => {
          db.close();
          done(keys.result.some(isUserKey));
        };
        keys.onerror = () => {
          db.close();
          done(true);
        };
      } catch {
        db.close();
        done(true);
      }
    };
  });
}

/** True when a Firebase user may be saved (load the SDK for the first auth state); false when none is. */
export function mayHavePersistedUser(): Promise<boolean> {
  if (inLocalStorage()) return Promise.resolve(true);
  return inIndexedDb();
}

let firstProbe: Promise<boolean> | null = null;

/** The page load's one probe, shared by the entry (to start the SDK download) and AuthProvider. */
export function probePersistedUserOnce(): Promise<boolean> {
  firstProbe ??= mayHavePersistedUser();
  return firstProbe;
}
