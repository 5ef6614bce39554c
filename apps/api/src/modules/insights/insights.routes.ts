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
import { sendJson } from '../../lib/cache/http';
import type { SecuredRouteOptions } from '../../plugins/secured';
import type { InsightsService } from './insights.service';

const RANGE = `\`from\` and \`to\` are ISO days (UTC), both included, at most 2 years apart; without them the
  last 30 days. Orders count on the day they were placed; amounts are dollars.`;

type InsightsApp = Parameters<FastifyPluginAsyncZod>[0];

/** The range against the one before it, and the range interval by interval. */
function periodRoutes(app: InsightsApp, insights: InsightsService, secured: SecuredRouteOptions) {
  app.get(
    '/insights/summary',
    {
      ...secured.read,
      schema: {
        tags: ['insights'],
        summary: "The caller's figures as a supplier for a range and the one before it",
        description: `Revenue, orders, units, average order value, distinct buyers (orders not cancelled),
          cancellations by who made them, median whole hours to ship and the share shipped within 48 hours,
          for the range and for the period of the same length just before it. ${RANGE}`,
        querystring: InsightsRangeQuerySchema,
        response: { 200: InsightsSummarySchema },
      },
    },
    async (req, reply) => sendJson(req, reply, await insights.summary(req.user, req.query)),
  );

  app.get(
    '/insights/timeseries',
    {
      ...secured.read,
      schema: {
        tags: ['insights'],
        summary: "The caller's revenue, orders and units per day, week or month",
        description: `Every interval of the range, with zeros where nothing was sold. Weeks start on Monday;
          a first partial week or month starts at \`from\`. ${RANGE}`,
        querystring: InsightsTimeseriesQuerySchema,
        response: { 200: InsightsTimeseriesSchema },
      },
    },
    async (req, reply) => sendJson(req, reply, await insights.timeseries(req.user, req.query)),
  );
}

/** What sold best over the range: products, categories, buyers. */
function rankingRoutes(app: InsightsApp, insights: InsightsService, secured: SecuredRouteOptions) {
  app.get(
    '/insights/top-products',
    {
      ...secured.read,
      schema: {
        tags: ['insights'],
        summary: "The caller's 10 best-selling products by revenue or by units",
        description: `Orders not cancelled. ${RANGE}`,
        querystring: InsightsTopProductsQuerySchema,
        response: { 200: InsightsTopProductsSchema },
      },
    },
    async (req, reply) => sendJson(req, reply, await insights.topProducts(req.user, req.query)),
  );

  app.get(
    '/insights/categories',
    {
      ...secured.read,
      schema: {
        tags: ['insights'],
        summary: "The caller's revenue by category",
        description: `Orders not cancelled, by the product's category when it was bought. ${RANGE}`,
        querystring: InsightsRangeQuerySchema,
        response: { 200: InsightsCategoriesSchema },
      },
    },
    async (req, reply) => sendJson(req, reply, await insights.categories(req.user, req.query)),
  );

  app.get(
    '/insights/buyers',
    {
      ...secured.read,
      schema: {
        tags: ['insights'],
        summary: "The caller's 10 top buyers by revenue",
        description: `Orders not cancelled. ${RANGE}`,
        querystring: InsightsRangeQuerySchema,
        response: { 200: InsightsBuyersSchema },
      },
    },
    async (req, reply) => sendJson(req, reply, await insights.buyers(req.user, req.query)),
  );
}

/** Stock running out and what buyers owe. */
function stockAndMoneyRoutes(app: InsightsApp, insights: InsightsService, secured: SecuredRouteOptions) {
  app.get(
    '/insights/inventory',
    {
      ...secured.read,
      schema: {
        tags: ['insights'],
        summary: "The caller's products running out",
        description: `Products below their low-stock threshold (by default their minimum order) or below their
          minimum order (cannot be bought), with the sales rate over the range and the days of cover it
          leaves. Kept until the caller's orders or products change. ${RANGE}`,
        querystring: InsightsRangeQuerySchema,
        response: { 200: InsightsInventorySchema },
      },
    },
    async (req, reply) => sendJson(req, reply, await insights.inventory(req.user, req.query)),
  );

  app.get(
    '/insights/receivables',
    {
      ...secured.read,
      schema: {
        tags: ['insights'],
        summary: 'What buyers owe the caller now, from its invoices',
        description: `Outstanding balances of the caller's invoices (not void), what of it is past its due date,
          and the open balances by days since issue (0-30, 31-60, 61-90, over 90), as the account statements
          count them. \`invoices\` is 0 until the first invoice. Amounts are dollars.`,
        response: { 200: InsightsReceivablesSchema },
      },
    },
    async (req, reply) => sendJson(req, reply, await insights.receivables(req.user)),
  );
}

/** The signed-in supplier's own figures (issue #27); nobody else's are reachable. */
export const insightsRoutes: FastifyPluginAsyncZod<{
  insights: InsightsService;
  secured: SecuredRouteOptions;
}> = async (app, { insights, secured }) => {
  periodRoutes(app, insights, secured);
  rankingRoutes(app, insights, secured);
  stockAndMoneyRoutes(app, insights, secured);
};
