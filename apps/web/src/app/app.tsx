import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { AppToaster } from '@/components/feedback/app-toaster';
import { AuthProvider } from '@/features/auth/auth-provider';
import { createQueryClient } from '@/lib/query-client';
import { AuthGate } from './auth-gate';
import { prefetchFirstPage } from './prefetch';
import type { AppProps } from './boot';
import { createAppRouter } from './router';

export function App({ onAuthReady }: AppProps) {
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    prefetchFirstPage(client, window.location);
    return client;
  });
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
