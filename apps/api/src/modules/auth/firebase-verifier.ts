import { getApps, initializeApp, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';

/** What Firebase vouches for about the holder of an ID token. */
export interface VerifiedIdentity {
  uid: string;
  email: string | undefined;
  emailVerified: boolean;
  name: string | undefined;
  provider: string | undefined;
}

export interface IdTokenVerifier {
  verify(idToken: string): Promise<VerifiedIdentity>;
}

/**
 * Verifies Firebase ID tokens with firebase-admin. With FIREBASE_AUTH_EMULATOR_HOST set, admin talks to
 * the emulator (and accepts its unsigned tokens): config refuses that combination in production.
 */
export function createFirebaseVerifier(projectId: string): IdTokenVerifier {
  const name = `bulkwise-${projectId}`;
  const app: App = getApps().find((a) => a.name === name) ?? initializeApp({ projectId }, name);
  const auth = getAuth(app);
  return {
    async verify(idToken) {
      const decoded = await auth.verifyIdToken(idToken, true);
      // The display name is set by a profile update after sign-up, so the token may predate it.
      const record = await auth.getUser(decoded.uid).catch(() => undefined);
      return {
        uid: decoded.uid,
        email: decoded.email,
        emailVerified: decoded.email_verified ?? false,
        name: record?.displayName ?? (typeof decoded.name === 'string' ? decoded.name : undefined),
        provider: decoded.firebase?.sign_in_provider,
      };
    },
  };
}
