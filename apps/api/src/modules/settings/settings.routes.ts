import { UserSettingsSchema, UserSettingsUpdateSchema } from '@bulkwise/contracts';
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
        summary: "The signed-in user's settings (emails on or off, business details on invoices)",
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
          'Changes the signed-in user’s settings: those sent; the others keep their value. Emails already queued follow the new choice. ' +
          '`business` (legal or company name, billing address, tax id; blank clears one) replaces the three together and is printed on the invoices and credit notes issued from then on; those already issued keep theirs.',
        body: UserSettingsUpdateSchema,
        response: { 200: UserSettingsSchema },
      },
    },
    async (req) => settings.put(req.user, req.body),
  );
};
