import { useState } from 'react';
import { Navigate, Outlet } from 'react-router';
import { paths } from '@/config/paths';
import { useAuth } from '../auth-context';

/** Layout route for /login and /register: a signed-in user is sent home. */
export function GuestOnly() {
  const { user, loading, flowActive } = useAuth();

  /*
   * A sign-in started here shows its success dialog, then navigates to where the user was going.
   * The hold outlives the flow until that navigation is committed (the router renders it in a
   * transition); it lapses when there is no user (a failed sign-in).
   */
  const [held, setHeld] = useState(false);
  if (flowActive && !held) setHeld(true);
  if (!flowActive && held && !user) setHeld(false);

  if (loading) return null;
  if (user && !flowActive && !held) return <Navigate to={paths.home.getHref()} replace />;
  return <Outlet />;
}
