import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Boot } from './app/boot';
import { themeStore } from './lib/theme';
import './index.css';

// The saved or system theme is on <html> before anything paints.
themeStore();

/*
 * First paint needs only this entry (the startup overlay). The app and the Firebase client are
 * requested now, in parallel, and arrive during the overlay's two seconds.
 */
const app = import('./app/app');
// Warms the module cache only: AuthProvider imports it again and reports any failure.
import('./features/auth/auth-client').catch(() => {});

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <Boot app={app} />
  </StrictMode>,
);
