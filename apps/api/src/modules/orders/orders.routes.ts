import { Readable } from 'node:stream';
import {
  CancelOrderBodySchema,
  EmptyOrderBodySchema,
  IdParamsSchema,
  NEXT_CURSOR_HEADER,
  OrderExportQuerySchema,
  OrderListQuerySchema,
  OrderListSchema,
  OrderSchema,
  OrderSummarySchema,
  ShipOrderBodySchema,
  TOTAL_COUNT_HEADER,
} from '@bulkwise/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SecuredRouteOptions } from '../../plugins/secured';
import type { OrdersService } from './orders.service';

const MOVE_ANSWERS = `200 with the order (also when this move already happened: nothing changes twice); 403 when
  the caller may see the order but not make this move, 404 when it may not see it, 409 naming the current
  status when the state does not allow the move.`;

export const ordersRoutes: FastifyPluginAsyncZod<{ orders: OrdersService; secured: SecuredRouteOptions }> = async (
  app,
  { orders, secured },
) => {
  app.get(
    '/orders',
    {
      ...secured.read,
      schema: {
        tags: ['orders'],
        description: `The orders the caller received as a supplier, newest first. Keyset paging: pass the
          ${NEXT_CURSOR_HEADER} response header back as \`cursor\`; ${TOTAL_COUNT_HEADER} counts the matches.`,
        querystring: OrderListQuerySchema,
        response: { 200: OrderListSchema },
      },
    },
    async (req, reply) => {
      const page = await orders.listForSupplier(req.user, req.query);
      reply.header(TOTAL_COUNT_HEADER, String(page.total));
      if (page.nextCursor) reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
      return page.items;
    },
  );

  app.get(
    '/orders/summary',
    {
      ...secured.read,
      schema: {
        tags: ['orders'],
        description: "The caller's orders as a supplier, counted per status.",
        response: { 200: OrderSummarySchema },
      },
    },
    async (req) => orders.summary(req.user),
  );

  app.get(
    '/orders/export.csv',
    {
      ...secured.read,
      schema: {
        tags: ['orders'],
        description: `The caller's orders as a supplier (one status with \`status\`) as CSV, streamed. Cells that
          a spreadsheet would run as a formula start with an apostrophe.`,
        querystring: OrderExportQuerySchema,
        produces: ['text/csv'],
      },
    },
    async (req, reply) => {
      const name = `orders-${req.query.status ?? 'all'}-${new Date().toISOString().slice(0, 10)}.csv`;
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'no-store');
      return reply.send(Readable.from(orders.exportCsv(req.user, req.query.status)));
    },
  );

  app.get(
    '/orders/:id',
    {
      ...secured.read,
      schema: {
        tags: ['orders'],
        description: 'One order, for its buyer or its supplier (404 for anyone else).',
        params: IdParamsSchema,
        response: { 200: OrderSchema },
      },
    },
    async (req) => orders.get(req.user, req.params.id),
  );

  app.post(
    '/orders/:id/confirm',
    {
      ...secured.write,
      schema: {
        tags: ['orders'],
        description: `The supplier confirms a placed order. ${MOVE_ANSWERS}`,
        params: IdParamsSchema,
        body: EmptyOrderBodySchema,
        response: { 200: OrderSchema },
      },
    },
    async (req) => orders.confirm(req.user, req.params.id),
  );
  app.post(
    '/orders/:id/ship',
    {
      ...secured.write,
      schema: {
        tags: ['orders'],
        description: `The supplier ships a placed or confirmed order. ${MOVE_ANSWERS}`,
        params: IdParamsSchema,
        body: ShipOrderBodySchema,
        response: { 200: OrderSchema },
      },
    },
    async (req) => orders.ship(req.user, req.params.id, req.body),
  );
  app.post(
    '/orders/:id/deliver',
    {
      ...secured.write,
      schema: {
        tags: ['orders'],
        description: `The buyer (Mark received) or the supplier marks a shipped order delivered. ${MOVE_ANSWERS}`,
        params: IdParamsSchema,
        body: EmptyOrderBodySchema,
        response: { 200: OrderSchema },
      },
    },
    async (req) => orders.deliver(req.user, req.params.id),
  );
  app.post(
    '/orders/:id/cancel',
    {
      ...secured.write,
      schema: {
        tags: ['orders'],
        description: `The buyer cancels a placed order (reason optional); the supplier a placed or confirmed one
          (reason required). The stock comes back exactly once. ${MOVE_ANSWERS}`,
        params: IdParamsSchema,
        body: CancelOrderBodySchema,
        response: { 200: OrderSchema },
      },
    },
    async (req) => orders.cancel(req.user, req.params.id, req.body),
  );
};
