import { getToken, subscribeToken } from '@/lib/session';

const INTENT_EVENTS = ['pointerdown', 'keydown', 'focusin', 'touchstart'] as const;

/**
 * Calls `start` once, at the first sign that Firebase may be needed on a page whose first auth state
 * is already known to be "signed out": the visitor touches or types (the first step of signing in),
 * the tab comes back into view, or another tab signs in (its API token lands in the shared
 * localStorage). Until then the SDK is not downloaded. Returns a function that cancels the wait.
 */
export function onAuthIntent(start: () => void): () => void {
  let waiting = true;
  const fire = () => {
    if (!waiting) return;
    cancel();
    start();
  };
  const onVisible = () => {
    if (document.visibilityState === 'visible') fire();
  };
  const unsubscribeToken = subscribeToken(() => {
    if (getToken()) fire();
  });
  function cancel() {
    waiting = false;
    for (const type of INTENT_EVENTS) window.removeEventListener(type, fire, true);
    window.removeEventListener('focus', fire);
    document.removeEventListener('visibilitychange', onVisible);
    unsubscribeToken();
  }
  for (const type of INTENT_EVENTS) window.addEventListener(type, fire, { capture: true, passive: true });
  window.addEventListener('focus', fire);
  document.addEventListener('visibilitychange', onVisible);
  return cancel;
}
