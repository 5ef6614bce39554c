import { UserSettingsSchema } from '@bulkwise/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SettingsService } from './settings.service';

export const settingsRoutes: FastifyPluginAsyncZod<{ settings: SettingsService; writeRateLimit: object }> = async (
  app,
  { settings, writeRateLimit },
) => {
  app.get(
    '/settings',
    {
      preHandler: app.requireUser,
      schema: { tags: ['settings'], security: [{ bearer: [] }], response: { 200: UserSettingsSchema } },
    },
    async (req) => settings.get(req.user),
  );

  app.put(
    '/settings',
    {
      preHandler: app.requireUser,
      config: { rateLimit: writeRateLimit },
      schema: {
        tags: ['settings'],
        security: [{ bearer: [] }],
        description: 'Replaces the signed-in user’s settings. Order emails already queued follow the new choice.',
        body: UserSettingsSchema.strict(),
        response: { 200: UserSettingsSchema },
      },
    },
    async (req) => settings.put(req.user, req.body),
  );
};
