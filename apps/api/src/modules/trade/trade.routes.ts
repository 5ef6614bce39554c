import {
  AsQuerySchema,
  IdParamsSchema,
  ReasonBodySchema,
  SetTermsBodySchema,
  TermsRequestBodySchema,
  TradeAccountListSchema,
  TradeAccountSchema,
} from '@bulkwise/contracts';
import type { SecuredRouteOptions } from '../../plugins/secured';
import type { Statements } from './statement';
import type { TradeService } from './trade.service';
import { CSV_TYPE, PDF_TYPE, attachment } from '../../lib/http/attachment';
import { routeGroups, type RouteApp } from '../../lib/http/routes';

const PARTIES = 'Only the two parties see an account: 404 for anyone else.';
const SUPPLIER_ONLY = `${PARTIES} 403 when the buyer tries it.`;

interface TradeRouteOptions {
  trade: TradeService;
  statements: Statements;
  secured: SecuredRouteOptions;
}
const tags = ['trade accounts'];

export const tradeRoutes = routeGroups(
  registerAccountRoutes,
  registerSupplierRoutes,
  registerStatementRoutes,
);

/** A party's accounts, one account, and the buyer's request for terms. */
function registerAccountRoutes(app: RouteApp, { trade, secured }: TradeRouteOptions) {
  app.get(
    '/trade-accounts',
    {
      ...secured.read,
      schema: {
        tags,
        description:
          "The caller's trade accounts as buyer or as supplier, with outstanding, available credit and history.",
        querystring: AsQuerySchema,
        response: { 200: TradeAccountListSchema },
      },
    },
    async (req) => trade.list(req.user, req.query.as),
  );
  app.get(
    '/trade-accounts/:id',
    {
      ...secured.read,
      schema: { tags, description: PARTIES, params: IdParamsSchema, response: { 200: TradeAccountSchema } },
    },
    async (req) => trade.get(req.user, req.params.id),
  );
  app.post(
    '/trade-accounts/request',
    {
      ...secured.write,
      schema: {
        tags,
        description:
          'The buyer asks the supplier (`supplierId` of any of their products) for terms. 404 for an unknown supplier.',
        body: TermsRequestBodySchema,
        response: { 201: TradeAccountSchema },
      },
    },
    async (req, reply) => reply.status(201).send(await trade.request(req.user, req.body)),
  );
}

/** The supplier's moves: terms, and the moves that keep a reason in the account's history. */
function registerSupplierRoutes(app: RouteApp, { trade, secured }: TradeRouteOptions) {
  app.put(
    '/trade-accounts/:id/terms',
    {
      ...secured.write,
      schema: {
        tags,
        description: `The supplier sets prepay or net terms (netDays 7, 15, 30, 60 or 90) and the credit limit. ${SUPPLIER_ONLY}`,
        params: IdParamsSchema,
        body: SetTermsBodySchema,
        response: { 200: TradeAccountSchema },
      },
    },
    async (req) => trade.setTerms(req.user, req.params.id, req.body),
  );
  const reasonRoutes = [
    ['decline', 'The supplier declines a request for terms.', trade.decline],
    [
      'hold',
      'The supplier puts the account on hold: its orders are refused with 409 ACCOUNT_ON_HOLD.',
      trade.hold,
    ],
    ['release', 'The supplier lifts a hold (409 when the account is not on hold).', trade.release],
  ] as const;
  for (const [name, description, action] of reasonRoutes) {
    app.post(
      `/trade-accounts/:id/${name}`,
      {
        ...secured.write,
        schema: {
          tags,
          description: `${description} The reason is kept in the account's history. ${SUPPLIER_ONLY}`,
          params: IdParamsSchema,
          body: ReasonBodySchema,
          response: { 200: TradeAccountSchema },
        },
      },
      async (req) => action(req.user, req.params.id, req.body),
    );
  }
}

/** The account's statement of open items, as CSV or PDF. */
function registerStatementRoutes(app: RouteApp, { statements, secured }: TradeRouteOptions) {
  app.get(
    '/trade-accounts/:id/statement.csv',
    {
      ...secured.read,
      schema: {
        tags,
        description: `Open items with aging buckets (0-30, 31-60, 61-90, over 90 days since issue). ${PARTIES}`,
        params: IdParamsSchema,
        produces: ['text/csv'],
      },
    },
    async (req, reply) =>
      attachment(reply, CSV_TYPE, `statement-${req.params.id}.csv`).send(
        await statements.csv(req.user, req.params.id),
      ),
  );
  app.get(
    '/trade-accounts/:id/statement.pdf',
    {
      ...secured.read,
      schema: {
        tags,
        description: `The statement as PDF. ${PARTIES}`,
        params: IdParamsSchema,
        produces: ['application/pdf'],
      },
    },
    async (req, reply) =>
      attachment(reply, PDF_TYPE, `statement-${req.params.id}.pdf`).send(
        await statements.pdf(req.user, req.params.id),
      ),
  );
}
