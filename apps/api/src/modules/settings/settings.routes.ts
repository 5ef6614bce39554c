import { UserSettingsSchema } from '@bulkwise/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SecuredRouteOptions } from '../../plugins/secured';
import type { SettingsService } from './settings.service';

export const settingsRoutes: FastifyPluginAsyncZod<{
  settings: SettingsService;
  secured: SecuredRouteOptions;
}> = async (app, { settings, secured }) => {
  app.get(
    '/settings',
    {
      ...secured.read,
      schema: {
        tags: ['settings'],
        summary: "The signed-in user's settings (order emails on or off)",
        response: { 200: UserSettingsSchema },
      },
    },
    async (req) => settings.get(req.user),
  );

  app.put(
    '/settings',
    {
      ...secured.write,
      schema: {
        tags: ['settings'],
        description:
          'Replaces the signed-in user’s settings. Order emails already queued follow the new choice.',
        body: UserSettingsSchema.strict(),
        response: { 200: UserSettingsSchema },
      },
    },
    async (req) => settings.put(req.user, req.body),
  );
};
