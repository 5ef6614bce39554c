import type { JwtRequest, JwtResponse } from '@bulkwise/contracts';
import { unauthorized } from '../../errors';
import type { AccountsRepository } from './accounts.repository';
import type { IdTokenVerifier } from './firebase-verifier';
import type { TokenService } from './tokens';

/**
 * POST /jwt. Naive versions sign a token for whatever email the body names; here Firebase must vouch
 * for the ID token and the body must name the same user.
 */
export function createAuthService(deps: {
  verifier: IdTokenVerifier;
  tokens: TokenService;
  accounts: AccountsRepository;
  /** Drops cached desk pages of a supplier here at once (other processes hear the accounts trigger). */
  invalidateOrders: (supplierUid: string) => void;
}) {
  return {
    async exchange(idToken: string | undefined, body: JwtRequest): Promise<JwtResponse> {
      if (!idToken) throw unauthorized('A Firebase ID token is required (Authorization: Bearer <idToken>)');
      const identity = await deps.verifier.verify(idToken).catch(() => {
        throw unauthorized('Invalid or expired Firebase ID token');
      });
      if (!identity.email) throw unauthorized('The Firebase account has no email address');
      if (identity.uid !== body.uid || identity.email.toLowerCase() !== body.email.toLowerCase()) {
        throw unauthorized('The token does not belong to this user');
      }
      const email = identity.email.toLowerCase();
      // The outbox decides at send time, without a token, from what the last exchange recorded.
      const changed = await deps.accounts.record({ ...identity, email });
      for (const supplierUid of changed) deps.invalidateOrders(supplierUid);
      const token = await deps.tokens.issue({ uid: identity.uid, email, name: identity.name ?? '' });
      return { token, expiresIn: deps.tokens.ttlSeconds };
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
