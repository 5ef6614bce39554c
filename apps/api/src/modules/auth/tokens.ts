import { createSecretKey } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { unauthorized } from '../../errors';

/** The signed-in user as the API knows them: taken from its own token, never from a request body. */
export interface AuthUser {
  uid: string;
  email: string;
  name: string;
}

const ISSUER = 'bulkwise-api';
const AUDIENCE = 'bulkwise-web';
/** Tokens whose signature was checked, kept so a client's next requests skip the HMAC (bounded, oldest out). */
const VERIFIED_MAX = 10_000;

/** The API's own session tokens (HS256), issued by POST /jwt after Firebase has vouched for the user. */
export function createTokenService(options: { secret: string; ttlSeconds: number; now?: () => number }) {
  // A KeyObject made once: with raw bytes jose imports the key again on every check (~17 % of a
  // purchase's CPU in the benchmark).
  const key = createSecretKey(Buffer.from(options.secret, 'utf8'));
  const now = options.now ?? (() => Date.now());
  // The same token string carries the same signed claims: only its expiry needs checking again.
  const verified = new Map<string, { user: AuthUser; expiresAt: number }>();

  return {
    ttlSeconds: options.ttlSeconds,
    async issue(user: AuthUser): Promise<string> {
      const iat = Math.floor(now() / 1000);
      return new SignJWT({ email: user.email, name: user.name })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(user.uid)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(iat)
        .setExpirationTime(iat + options.ttlSeconds)
        .sign(key);
    },
    async verify(token: string): Promise<AuthUser> {
      const known = verified.get(token);
      if (known && known.expiresAt > now()) return known.user;
      try {
        const { payload } = await jwtVerify(token, key, {
          issuer: ISSUER,
          audience: AUDIENCE,
          algorithms: ['HS256'],
          currentDate: new Date(now()),
        });
        if (typeof payload.sub !== 'string' || typeof payload.email !== 'string')
          throw unauthorized('Invalid token');
        const user = {
          uid: payload.sub,
          email: payload.email,
          name: typeof payload.name === 'string' ? payload.name : '',
        };
        if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value!);
        // Valid while now < exp (in seconds), as jose decides.
        if (typeof payload.exp === 'number') verified.set(token, { user, expiresAt: payload.exp * 1000 });
        return user;
      } catch (err) {
        if (err instanceof joseErrors.JWTExpired)
          throw unauthorized('Your session has expired. Please sign in again.');
        throw unauthorized('Invalid token');
      }
    },
  };
}
export type TokenService = ReturnType<typeof createTokenService>;
