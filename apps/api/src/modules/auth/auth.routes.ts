import { JwtRequestSchema, JwtResponseSchema } from '@bulkwise/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearerToken } from '../../plugins/auth';
import type { AuthService } from './auth.service';

export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService; rateLimitPerMinute: number }> = async (
  app,
  { auth, rateLimitPerMinute },
) => {
  app.post(
    '/jwt',
    {
      config: { rateLimit: { max: rateLimitPerMinute, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        summary: 'Exchange a Firebase ID token (Authorization: Bearer) for the API session token',
        body: JwtRequestSchema,
        response: { 200: JwtResponseSchema },
      },
    },
    async (req) => auth.exchange(bearerToken(req), req.body),
  );
};
