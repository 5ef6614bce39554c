import { getToken, subscribeToken } from '@/lib/session';

/** The fields of the sign-in and registration forms. */
const CREDENTIAL_FIELD = 'input[type="email"], input[type="password"]';

/**
 * Calls `start` once, at the first sign that Firebase is needed on a page whose first auth state is
 * already known to be "signed out": the visitor focuses an email or password field (the SDK then
 * downloads while they type), or another tab signs in (its API token lands in the shared
 * localStorage, and Firebase finds the user it saved). Signing in without either (the Google button)
 * loads it on demand. Nothing else a visitor does (browsing, claiming an offer) needs it.
 * Returns a function that cancels the wait.
 */
export function onAuthIntent(start: () => void): () => void {
  let waiting = true;
  const fire = () => {
    if (!waiting) return;
    cancel();
    start();
  };
  const onFocus = (event: FocusEvent) => {
    if (event.target instanceof Element && event.target.matches(CREDENTIAL_FIELD)) fire();
  };
  const unsubscribeToken = subscribeToken(() => {
    if (getToken()) fire();
  });
  function cancel() {
    waiting = false;
    document.removeEventListener('focusin', onFocus);
    unsubscribeToken();
  }
  document.addEventListener('focusin', onFocus);
  return cancel;
}
