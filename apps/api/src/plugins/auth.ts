import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { unauthorized } from '../errors';
import type { AuthUser, TokenService } from '../modules/auth/tokens';

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler: 401 unless the request carries a valid API token; sets request.user. */
    requireUser: (req: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    user: AuthUser | null;
  }
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
