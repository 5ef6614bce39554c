import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Boot } from './app/boot';
import { preloadFirstPage } from './app/first-route';
import { probePersistedUserOnce } from './features/auth/persisted-user';
import { themeStore } from './lib/theme';
import './index.css';

// The saved or system theme is on <html> before anything paints.
themeStore();

/*
 * First paint needs only this entry (the startup overlay). The app is requested now and arrives
 * during the overlay's two seconds; so does the Firebase client when a user is saved in this browser
 * (a visitor who never signed in is known to be signed out without it: features/auth/persisted-user).
 */
const app = import('./app/app');
preloadFirstPage(window.location.pathname);
void probePersistedUserOnce().then((maybe) => {
  if (!maybe) return;
  // Warms the module cache only: AuthProvider imports it again and reports any failure.
  import('./features/auth/auth-client').catch(() => {});
  // Firebase cannot start before GET /api/config answers: fetch it alongside the SDK. The same
  // request mode as the api-client's fetch() lets it reuse this response.
  const config = Object.assign(document.createElement('link'), {
    rel: 'preload',
    href: '/api/config',
    as: 'fetch',
  });
  config.crossOrigin = 'anonymous';
  document.head.append(config);
});

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <Boot app={app} />
  </StrictMode>,
);
