import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { AppToaster } from '@/components/feedback/app-toaster';
import { AuthProvider } from '@/features/auth/auth-provider';
import { createQueryClient } from '@/lib/query-client';
import { AuthGate } from './auth-gate';
import type { AppProps } from './boot';
import { createAppRouter } from './router';

export function App({ onAuthReady }: AppProps) {
  const [queryClient] = useState(createQueryClient);
  // Created before auth is known, so the first page's code starts downloading at once.
  const [router] = useState(createAppRouter);

  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <AuthGate onReady={onAuthReady}>
          <RouterProvider router={router} />
        </AuthGate>
      </AuthProvider>
      <AppToaster />
    </QueryClientProvider>
  );
}
