import { getApps, initializeApp, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';

/** What Firebase vouches for about the holder of an ID token. */
export interface VerifiedIdentity {
  uid: string;
  email: string | undefined;
  emailVerified: boolean;
  name: string | undefined;
  provider: string | undefined;
  /** When Firebase minted the ID token (seconds): a stale token must not undo a newer one's state. */
  issuedAt: number;
}

export interface IdTokenVerifier {
  verify(idToken: string): Promise<VerifiedIdentity>;
}

/**
 * Verifies Firebase ID tokens with firebase-admin. With FIREBASE_AUTH_EMULATOR_HOST set, admin talks to
 * the emulator (and accepts its unsigned tokens): config refuses that combination in production.
 */
function adminAuth(projectId: string) {
  const name = `bulkwise-${projectId}`;
  const app: App = getApps().find((a) => a.name === name) ?? initializeApp({ projectId }, name);
  return getAuth(app);
}

export function createFirebaseVerifier(projectId: string): IdTokenVerifier {
  const auth = adminAuth(projectId);
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
        issuedAt: decoded.iat,
      };
    },
  };
}

/** The admin side of email verification (decision 0019). */
export interface EmailVerificationLinks {
  /** Firebase's current view of the user's address (the user may have verified since their last token). */
  lookup(uid: string): Promise<{ email: string | undefined; emailVerified: boolean }>;
  /**
   * The one-time code Firebase checks when the user opens the link. Our own mail carries it to the web
   * app's /verify-email page, so the flow works with the emulator (which mails nothing) and offline.
   */
  verificationCode(email: string): Promise<string>;
}

export function createFirebaseVerificationLinks(projectId: string): EmailVerificationLinks {
  const auth = adminAuth(projectId);
  return {
    async lookup(uid) {
      const record = await auth.getUser(uid);
      return { email: record.email, emailVerified: record.emailVerified };
    },
    async verificationCode(email) {
      const link = new URL(await auth.generateEmailVerificationLink(email));
      const code = link.searchParams.get('oobCode');
      if (!code) throw new Error('Firebase answered a verification link without a code');
      return code;
    },
  };
}
