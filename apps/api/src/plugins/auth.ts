import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { unauthorized } from '../errors';
import type { AuthUser, TokenService } from '../modules/auth/tokens';

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler: 401 unless the request carries a valid API token; sets request.user. */
    requireUser: (req: FastifyRequest) => Promise<void>;
  }
  // The route's config decides the type: routes of the secured scope (plugins/secured.ts) spread
  // `config.signedIn`, and there the scope's hook has set the user before any handler runs.
  /* eslint-disable @typescript-eslint/no-unused-vars -- the augmentation must repeat Fastify's type parameters */
  interface FastifyRequest<
    RouteGeneric,
    RawServer,
    RawRequest,
    SchemaCompiler,
    TypeProvider,
    ContextConfig,
    Logger,
    RequestType,
  > {
    user: ContextConfig extends { signedIn: true } ? AuthUser : AuthUser | null;
  }
  /* eslint-enable @typescript-eslint/no-unused-vars */
}

export function bearerToken(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

export const authPlugin = fp(async (app: FastifyInstance, opts: { tokens: TokenService }) => {
  app.decorateRequest('user', null);
  app.decorate('requireUser', async (req: FastifyRequest) => {
    const token = bearerToken(req);
    if (!token) throw unauthorized('Authentication required');
    req.user = await opts.tokens.verify(token);
  });
});
