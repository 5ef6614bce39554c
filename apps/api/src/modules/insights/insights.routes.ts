import {
  InsightsBuyersSchema,
  InsightsCategoriesSchema,
  InsightsInventorySchema,
  InsightsRangeQuerySchema,
  InsightsReceivablesSchema,
  InsightsSummarySchema,
  InsightsTimeseriesQuerySchema,
  InsightsTimeseriesSchema,
  InsightsTopProductsQuerySchema,
  InsightsTopProductsSchema,
} from '@bulkwise/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { CachedResponse } from '../../lib/cache/cache';
import { sendJson } from '../../lib/cache/http';
import type { RouteApp } from '../../lib/http/routes';
import type { SecuredRouteOptions } from '../../plugins/secured';
import type { AuthUser } from '../auth/tokens';
import type { InsightsService } from './insights.service';

const RANGE = `\`from\` and \`to\` are ISO days (UTC), both included, at most 2 years apart; without them the
  last 30 days. Orders count on the day they were placed; amounts are dollars.`;

interface InsightsRead<Q extends z.ZodType> {
  path: string;
  summary: string;
  description: string;
  /** The query it reads; none for a figure of today (receivables). */
  querystring?: Q;
  response: z.ZodType;
  /** The service method that answers (passed as is: the service's methods are closures, not bound to `this`). */
  answer: (user: AuthUser, query: z.infer<Q>) => Promise<CachedResponse>;
}

/** Every insights route: a signed-in read of the caller's figures, answered from the desk's read cache. */
function insightsRead(app: RouteApp, secured: SecuredRouteOptions) {
  return <Q extends z.ZodType>({
    path,
    summary,
    description,
    querystring,
    response,
    answer,
  }: InsightsRead<Q>) =>
    app.get(
      `/insights/${path}`,
      {
        ...secured.read,
        schema: {
          tags: ['insights'],
          summary,
          description,
          ...(querystring ? { querystring } : {}),
          response: { 200: response },
        },
      },
      async (req, reply) => sendJson(req, reply, await answer(req.user, req.query as z.infer<Q>)),
    );
}

/** The range against the one before it, the range interval by interval, and what sold best over it. */
function salesRoutes(read: ReturnType<typeof insightsRead>, insights: InsightsService) {
  read({
    path: 'summary',
    summary: "The caller's figures as a supplier for a range and the one before it",
    description: `Revenue, orders, units, average order value, distinct buyers (orders not cancelled),
          cancellations by who made them, median whole hours to ship and the share shipped within 48 hours,
          for the range and for the period of the same length just before it. ${RANGE}`,
    querystring: InsightsRangeQuerySchema,
    response: InsightsSummarySchema,
    answer: insights.summary,
  });
  read({
    path: 'timeseries',
    summary: "The caller's revenue, orders and units per day, week or month",
    description: `Every interval of the range, with zeros where nothing was sold. Weeks start on Monday;
          a first partial week or month starts at \`from\`. ${RANGE}`,
    querystring: InsightsTimeseriesQuerySchema,
    response: InsightsTimeseriesSchema,
    answer: insights.timeseries,
  });
  read({
    path: 'top-products',
    summary: "The caller's 10 best-selling products by revenue or by units",
    description: `Orders not cancelled. ${RANGE}`,
    querystring: InsightsTopProductsQuerySchema,
    response: InsightsTopProductsSchema,
    answer: insights.topProducts,
  });
  read({
    path: 'categories',
    summary: "The caller's revenue by category",
    description: `Orders not cancelled, by the product's category when it was bought. ${RANGE}`,
    querystring: InsightsRangeQuerySchema,
    response: InsightsCategoriesSchema,
    answer: insights.categories,
  });
  read({
    path: 'buyers',
    summary: "The caller's 10 top buyers by revenue",
    description: `Orders not cancelled. ${RANGE}`,
    querystring: InsightsRangeQuerySchema,
    response: InsightsBuyersSchema,
    answer: insights.buyers,
  });
}

/** Stock running out and what buyers owe. */
function stockAndMoneyRoutes(read: ReturnType<typeof insightsRead>, insights: InsightsService) {
  read({
    path: 'inventory',
    summary: "The caller's products running out",
    description: `Products below their low-stock threshold (by default their minimum order) or below their
          minimum order (cannot be bought), with the sales rate over the range and the days of cover it
          leaves. Kept until the caller's orders or products change. ${RANGE}`,
    querystring: InsightsRangeQuerySchema,
    response: InsightsInventorySchema,
    answer: insights.inventory,
  });
  read({
    path: 'receivables',
    summary: 'What buyers owe the caller now, from its invoices',
    description: `Outstanding balances of the caller's invoices (not void), what of it is past its due date,
          and the open balances by days since issue (0-30, 31-60, 61-90, over 90), as the account statements
          count them. \`invoices\` is 0 until the first invoice. Amounts are dollars.`,
    response: InsightsReceivablesSchema,
    answer: insights.receivables,
  });
}

/** The signed-in supplier's own figures (issue #27); nobody else's are reachable. */
export const insightsRoutes: FastifyPluginAsyncZod<{
  insights: InsightsService;
  secured: SecuredRouteOptions;
}> = async (app, { insights, secured }) => {
  const read = insightsRead(app, secured);
  salesRoutes(read, insights);
  stockAndMoneyRoutes(read, insights);
};
