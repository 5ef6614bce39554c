import { ClientConfigSchema } from '@bulkwise/contracts';
import { initializeApp } from 'firebase/app';
import {
  browserLocalPersistence,
  connectAuthEmulator,
  indexedDBLocalPersistence,
  initializeAuth,
  type Auth,
} from 'firebase/auth';
import { env } from '@/config/env';
import { api } from './api-client';

/*
 * Loaded with a dynamic import only: the Firebase SDK is most of the app's JavaScript, and the
 * first paint (the startup overlay) must not wait for it.
 */
let authPromise: Promise<Auth> | null = null;

async function start(): Promise<Auth> {
  // main.tsx preloads this URL when a user is saved; the same request mode reuses that response.
  const config = await api.get('/config', ClientConfigSchema, { auth: false });
  const app = initializeApp({
    apiKey: config.firebase.apiKey,
    authDomain: config.firebase.authDomain,
    projectId: config.firebase.projectId,
    ...(config.firebase.appId ? { appId: config.firebase.appId } : {}),
  });
  // No popupRedirectResolver here: given at start-up it loads Google's api.js and an iframe on every
  // page, to finish redirect sign-ins the app never starts. The popup passes it when it opens.
  const auth = initializeAuth(app, { persistence: [indexedDBLocalPersistence, browserLocalPersistence] });
  if (config.authEmulatorUrl) {
    connectAuthEmulator(auth, config.authEmulatorUrl, { disableWarnings: true });
  } else if (env.isDev) {
    console.info('Firebase Auth: using the real project', config.firebase.projectId);
  }
  return auth;
}

/** The one Firebase Auth instance, created on first use from GET /api/config. */
export function loadFirebaseAuth(): Promise<Auth> {
  authPromise ??= start().catch((err: unknown) => {
    // Let a later call try again (the API may have been restarting).
    authPromise = null;
    throw err;
  });
  return authPromise;
}
