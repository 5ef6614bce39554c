import type { FastifyInstance } from 'fastify';
import type { WriteRateLimit } from './security';

/**
 * What a secured route spreads into its options: `read`, `write` (adds the write rate limit) or
 * `export` (a download that reads all of the caller's rows: the stricter export limit).
 * `config.signedIn` is what types `request.user` as present in the handler (plugins/auth.ts); the
 * scope's hook is what makes that true.
 */
export interface SecuredRouteOptions {
  read: { config: { signedIn: true } };
  write: { config: { signedIn: true; rateLimit: WriteRateLimit } };
  export: { config: { signedIn: true; rateLimit: WriteRateLimit } };
}

/**
 * One encapsulated scope for every route of a signed-in user. Its preHandler verifies the bearer token
 * (401 otherwise) before any route of the scope runs and before the route's own rate limit, so limits
 * count per user. Every route is documented as needing the token, and must spread `read` or `write`
 * (checked as the route is added), so the handler's type and the check cannot disagree.
 */
export function securedScope(
  writeRateLimit: WriteRateLimit,
  routes: (scope: FastifyInstance, secured: SecuredRouteOptions) => Promise<void>,
  exportRateLimit: WriteRateLimit = writeRateLimit,
) {
  return async (scope: FastifyInstance) => {
    scope.addHook('onRoute', (route) => {
      if ((route.config as { signedIn?: unknown } | undefined)?.signedIn !== true) {
        throw new Error(
          `${route.method} ${route.url}: a secured route spreads secured.read or secured.write`,
        );
      }
      route.schema = { ...route.schema, security: [{ bearer: [] }] };
    });
    scope.addHook('preHandler', scope.requireUser);
    await routes(scope, {
      read: { config: { signedIn: true } },
      write: { config: { signedIn: true, rateLimit: writeRateLimit } },
      export: { config: { signedIn: true, rateLimit: exportRateLimit } },
    });
  };
}
