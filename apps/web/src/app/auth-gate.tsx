import { useEffect, type ReactNode } from 'react';
import { useAuth } from '@/features/auth/auth-context';

/** Spec section 2: the app renders nothing until the first authentication state is known. */
export function AuthGate({ children, onReady }: { children: ReactNode; onReady: () => void }) {
  const { loading } = useAuth();

  useEffect(() => {
    if (!loading) onReady();
  }, [loading, onReady]);

  return loading ? null : children;
}
