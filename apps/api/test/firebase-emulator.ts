import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { authEmulatorPost } from '../../../scripts/lib/auth-emulator.mjs';

/** Talks to the Firebase Auth emulator's REST API the way the web SDK does, for real ID tokens. */
const post = (path: string, body: unknown) => authEmulatorPost(inject('authEmulatorHost'), path, body);

export interface EmulatorUser {
  uid: string;
  email: string;
  idToken: string;
}

const PASSWORD = 'Secret#123';

/** A fresh ID token of a password user: it carries what Firebase knows now (e.g. a verified email). */
export async function signInAgain(user: Pick<EmulatorUser, 'email'>): Promise<string> {
  const json = await post('/accounts:signInWithPassword', {
    email: user.email,
    password: PASSWORD,
    returnSecureToken: true,
  });
  return json.idToken as string;
}

/** Applies an out-of-band code, as the web SDK's applyActionCode does when the user opens the link. */
export async function applyActionCode(oobCode: string): Promise<void> {
  await post('/accounts:update', { oobCode });
}

export async function signUpWithPassword(displayName?: string): Promise<EmulatorUser> {
  const email = `user-${randomBytes(5).toString('hex')}@example.com`;
  const json = await post('/accounts:signUp', { email, password: PASSWORD, returnSecureToken: true });
  let idToken = json.idToken as string;
  if (displayName) {
    const updated = await post('/accounts:update', { idToken, displayName, returnSecureToken: true });
    idToken = (updated.idToken as string) ?? idToken;
  }
  return { uid: json.localId as string, email, idToken };
}

/** Signs in with a fake Google credential, as the emulator's account chooser would. */
export async function signInWithGoogle(): Promise<EmulatorUser> {
  const email = `google-${randomBytes(5).toString('hex')}@example.com`;
  const claims = { sub: randomBytes(8).toString('hex'), email, email_verified: true, name: 'Google Buyer' };
  const unsigned = `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`;
  const json = await post('/accounts:signInWithIdp', {
    postBody: `id_token=${unsigned}&providerId=google.com`,
    requestUri: 'http://localhost',
    returnIdpCredential: true,
    returnSecureToken: true,
  });
  return { uid: json.localId as string, email, idToken: json.idToken as string };
}

export const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** An unsigned token shaped like the emulator's, with chosen claims (the emulator itself signs nothing). */
export function craftIdToken(claims: Record<string, unknown>): string {
  return `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`;
}
