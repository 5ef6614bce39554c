import { VerificationEmailResponseSchema } from '@bulkwise/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SecuredRouteOptions } from '../../plugins/secured';
import type { AccountService } from './account.service';

export const accountRoutes: FastifyPluginAsyncZod<{
  account: AccountService;
  secured: SecuredRouteOptions;
}> = async (app, { account, secured }) => {
  app.post(
    '/account/verification-email',
    {
      // The write limit per user also bounds how many verification mails one account can ask for.
      ...secured.write,
      schema: {
        tags: ['auth'],
        description:
          "Mails a link that verifies the signed-in user's email address (order emails go only to verified addresses).",
        response: { 200: VerificationEmailResponseSchema },
      },
    },
    async (req) => account.sendVerification(req.user),
  );
};
