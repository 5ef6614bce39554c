import {
  IdParamsSchema,
  MessageBodySchema,
  MessageSchema,
  ThreadSchema,
  UnreadSchema,
} from '@bulkwise/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SecuredRouteOptions } from '../../plugins/secured';
import type { ThreadsService } from './threads.service';

export const threadsRoutes: FastifyPluginAsyncZod<{
  threads: ThreadsService;
  secured: SecuredRouteOptions;
}> = async (app, { threads, secured }) => {
  const tags = ['messages'];
  for (const subject of ['quote', 'order'] as const) {
    const url = `/${subject}s/:id/messages`;
    const what = subject === 'quote' ? 'quote' : 'order';
    app.get(
      url,
      {
        ...secured.read,
        schema: {
          tags,
          description: `The ${what}'s thread between its buyer and its supplier, oldest first; reading marks it read
            for the caller. 404 for anyone else.`,
          params: IdParamsSchema,
          response: { 200: ThreadSchema },
        },
      },
      async (req) => threads.read(req.user, subject, req.params.id),
    );
    app.post(
      url,
      {
        ...secured.write,
        schema: {
          tags,
          description: `A message (1 to 2,000 characters, kept and shown as text) on the ${what}'s thread. 404 for
            anyone but its two parties; 429 beyond the messages per minute.`,
          params: IdParamsSchema,
          body: MessageBodySchema,
          response: { 201: MessageSchema },
        },
      },
      async (req, reply) =>
        reply.status(201).send(await threads.post(req.user, subject, req.params.id, req.body.text)),
    );
  }
  app.get(
    '/messages/unread',
    {
      ...secured.read,
      schema: {
        tags,
        description: "Messages the caller has not read, per quote and order thread (the other party's only).",
        response: { 200: UnreadSchema },
      },
    },
    async (req) => threads.unread(req.user),
  );
};
