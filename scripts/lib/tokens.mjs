// API tokens for load and fault scripts, minted by the API's own token service, so a script can never
// drift from what the server accepts (issuer, audience, claims).
import { register } from 'tsx/esm/api';

let loaded;

/** The API's token service (apps/api/src/modules/auth/tokens.ts) for `secret`. */
export async function tokenService(secret, ttlSeconds = 3600) {
  loaded ??= (async () => {
    register();
    return import('../../apps/api/src/modules/auth/tokens.ts');
  })();
  const { createTokenService } = await loaded;
  return createTokenService({ secret, ttlSeconds });
}
