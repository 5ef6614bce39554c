import { useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { useAuth } from '../auth-context';

/** Layout route for signed-in pages: without a user and a token, go to /login and remember the way back. */
export function RequireAuth() {
  const { user, token, loading, flowActive } = useAuth();
  const location = useLocation();
  const signedIn = Boolean(user && token);

  /*
   * A logout started here navigates away by itself once its dialog closes. The hold outlives the
   * flow by a render or two because the router commits its new location in a transition, after
   * the flow has ended; it lapses as soon as the user is signed in again (a failed logout).
   */
  const [held, setHeld] = useState(false);
  if (flowActive && !held) setHeld(true);
  if (!flowActive && held && signedIn) setHeld(false);

  if (loading) return null;
  if (!signedIn) {
    if (flowActive || held) return null;
    const from = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={paths.login.getHref()} replace state={{ from }} />;
  }
  return <Outlet />;
}
