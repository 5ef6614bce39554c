import {
  IDEMPOTENCY_KEY_HEADER,
  IdParamsSchema,
  IdempotencyKeyHeadersSchema,
  QuoteAcceptBodySchema,
  QuoteAwaitingSchema,
  QuoteCounterBodySchema,
  QuoteDeclineBodySchema,
  QuoteEmptyBodySchema,
  QuoteListQuerySchema,
  QuoteListSchema,
  QuoteOfferBodySchema,
  QuoteRequestBodySchema,
  QuoteSchema,
} from '@bulkwise/contracts';
import type { z } from 'zod';
import { sendJson } from '../../lib/cache/http';
import { routeGroups, type RouteApp } from '../../lib/http/routes';
import type { SecuredRouteOptions } from '../../plugins/secured';
import type { QuoteReads } from './quotes.reads';
import type { QuotesService } from './quotes.service';

const MOVE_ANSWERS = `200 with the quote; 403 when the caller is a party but this move is the other side's, 404
  for anyone who is not one of the quote's two parties, 409 naming the current status when the state (by the
  server's clock: an offer past validUntil is expired) or the turn does not allow it.`;

interface QuotesRouteOptions {
  quotes: QuotesService;
  /** The lists and the badge, answered from memory per trader until a write or the clock changes them. */
  reads: QuoteReads;
  secured: SecuredRouteOptions;
}
const tags = ['quotes'];

export const quotesRoutes = routeGroups(registerRequestRoute, registerReadRoutes, registerMoveRoutes);

function registerRequestRoute(app: RouteApp, { quotes, secured }: QuotesRouteOptions) {
  app.post(
    '/quotes',
    {
      ...secured.write,
      schema: {
        tags,
        description: `A buyer asks one supplier (who follows from the products) for a quote on 1 to 50 of its products.
          With an Idempotency-Key, a repeated request answers the quote the first one made.`,
        headers: IdempotencyKeyHeadersSchema,
        body: QuoteRequestBodySchema,
        response: { 201: QuoteSchema },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await quotes.create(req.user, req.body, req.headers[IDEMPOTENCY_KEY_HEADER])),
  );
}

/** The lists, the badge and one quote. */
function registerReadRoutes(app: RouteApp, { quotes, reads, secured }: QuotesRouteOptions) {
  app.get(
    '/quotes',
    {
      ...secured.read,
      schema: {
        tags,
        description: `The caller's quotes as buyer or supplier (\`as\`), newest activity first, keyset paged (pass
          nextCursor back as \`cursor\`), with the counts of every status.`,
        querystring: QuoteListQuerySchema,
        response: { 200: QuoteListSchema },
      },
    },
    async (req, reply) => sendJson(req, reply, await reads.list(req.user, req.query)),
  );
  app.get(
    '/quotes/awaiting',
    {
      ...secured.read,
      schema: {
        tags,
        description: "Quotes waiting for the caller's move, on either side.",
        response: { 200: QuoteAwaitingSchema },
      },
    },
    async (req, reply) => sendJson(req, reply, await reads.awaiting(req.user)),
  );
  app.get(
    '/quotes/:id',
    {
      ...secured.read,
      schema: {
        tags,
        description: 'One quote with its versions, for its two parties (404 for anyone else).',
        params: IdParamsSchema,
        response: { 200: QuoteSchema },
      },
    },
    async (req) => quotes.get(req.user, req.params.id),
  );
}

/** The moves of a quote, each answering the quote as it now is. */
function registerMoveRoutes(app: RouteApp, { quotes, secured }: QuotesRouteOptions) {
  const move = (
    path: string,
    description: string,
    body: z.ZodTypeAny,
    run: (user: Parameters<QuotesService['get']>[0], id: string, body: never) => Promise<unknown>,
  ) =>
    app.post(
      `/quotes/:id/${path}`,
      {
        ...secured.write,
        schema: {
          tags,
          description: `${description} ${MOVE_ANSWERS}`,
          params: IdParamsSchema,
          body,
          response: { 200: QuoteSchema },
        },
      },
      async (req) => run(req.user, req.params.id, req.body as never) as Promise<z.infer<typeof QuoteSchema>>,
    );
  move(
    'offer',
    'The supplier prices every line and sets validUntil (at most 30 days ahead): a new version.',
    QuoteOfferBodySchema,
    (u, id, b: z.infer<typeof QuoteOfferBodySchema>) => quotes.offer(u, id, b),
  );
  move(
    'counter',
    'The buyer answers an offer with its own prices: a new version.',
    QuoteCounterBodySchema,
    (u, id, b: z.infer<typeof QuoteCounterBodySchema>) => quotes.counter(u, id, b),
  );
  move(
    'accept',
    `The buyer accepts the offer \`version\`: one order per line at the quoted prices, all in one transaction or
      none (409 INSUFFICIENT_STOCK naming a short line, the quote still offered). 409 when a newer version exists
      or the offer expired. Accepting again answers the same orders.`,
    QuoteAcceptBodySchema,
    (u, id, b: z.infer<typeof QuoteAcceptBodySchema>) => quotes.accept(u, id, b.version),
  );
  move(
    'decline',
    'Either party declines an open quote, with a reason.',
    QuoteDeclineBodySchema,
    (u, id, b: z.infer<typeof QuoteDeclineBodySchema>) => quotes.decline(u, id, b.reason),
  );
  move('withdraw', 'The buyer withdraws an open quote.', QuoteEmptyBodySchema, (u, id) =>
    quotes.withdraw(u, id),
  );
}
