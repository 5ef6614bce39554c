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
  ORDER_PAGE_DEFAULT_LIMIT,
  OrderSummarySchema,
  ShipOrderBodySchema,
  TOTAL_COUNT_HEADER,
} from '@bulkwise/contracts';
import { sendJson } from '../../lib/cache/http';
import type { SecuredRouteOptions } from '../../plugins/secured';
import type { OrdersReadCache } from './orders.cache';
import type { OrdersService } from './orders.service';
import { CSV_TYPE, attachment } from '../../lib/http/attachment';
import { okSerializer, routeGroups, type RouteApp } from '../../lib/http/routes';

const MOVE_ANSWERS = `200 with the order (also when this move already happened: nothing changes twice); 403 when
  the caller may see the order but not make this move, 404 when it may not see it, 409 naming the current
  status when the state does not allow the move.`;

/** A desk page as the route's response schema writes it, for the pages kept serialised. */
const serializePage = okSerializer('/orders', OrderListSchema);

interface OrdersRouteOptions {
  orders: OrdersService;
  reads: OrdersReadCache;
  secured: SecuredRouteOptions;
  /** Each export reads all of a supplier's orders: counted per user, after the token is verified. */
}

/**
 * A supplier's first pages (per status and limit) and counts answer from memory, serialised once, until
 * a change to that supplier's orders drops them (orders.cache.ts): the desk is read far more often than
 * its orders change.
 */
export const ordersRoutes = routeGroups(
  registerDeskRoutes,
  registerExportRoute,
  registerOrderRoute,
  registerMoveRoutes,
);

/** The supplier's desk: its pages and its counts per status. */
function registerDeskRoutes(app: RouteApp, { orders, reads, secured }: OrdersRouteOptions) {
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
      const user = req.user;
      const today = orders.today();
      const load = async () => {
        const page = await orders.listForSupplier(user, req.query, today);
        const headers = { [TOTAL_COUNT_HEADER]: String(page.total) };
        return {
          body: serializePage(page.items),
          headers: page.nextCursor ? { ...headers, [NEXT_CURSOR_HEADER]: page.nextCursor } : headers,
        };
      };
      const key = JSON.stringify([
        'page',
        user.uid,
        req.query.status ?? null,
        req.query.limit ?? ORDER_PAGE_DEFAULT_LIMIT,
        // Each order's invoice shows as overdue from the day after its due date: a page is kept for one day.
        today,
      ]);
      return sendJson(req, reply, await reads.page(req.query.cursor, key, user.uid, load));
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
    async (req, reply) => sendJson(req, reply, await orders.summary(req.user)),
  );
}

function registerExportRoute(app: RouteApp, { orders, secured }: OrdersRouteOptions) {
  app.get(
    '/orders/export.csv',
    {
      ...secured.export,
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
      const lines = orders.exportCsv(req.user, req.query.status)[Symbol.asyncIterator]();
      // The header line and the first piece (so the first batch) are read before anything is sent: a
      // database that fails there gets the usual JSON error (503), not a CSV attachment holding an error body.
      const head: string[] = [];
      for (let i = 0; i < 2; i++) {
        const next = await lines.next();
        if (next.done) break;
        head.push(next.value);
      }
      async function* rest(): AsyncGenerator<string> {
        yield head.join('');
        try {
          for (let next = await lines.next(); !next.done; next = await lines.next()) yield next.value;
        } catch (err) {
          // Part of the file is out (possibly only into the compressor): ending the stream would hand
          // the client a well-formed but truncated file. Cutting the connection makes the download fail.
          req.log.error({ err }, 'orders export failed midway: connection cut so the download fails');
          reply.raw.destroy();
        }
      }
      return attachment(reply, CSV_TYPE, name).send(Readable.from(rest()));
    },
  );
}

function registerOrderRoute(app: RouteApp, { orders, secured }: OrdersRouteOptions) {
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
}

/** The moves of an order's life (ORDER_TRANSITIONS): each answers the order as it now is. */
function registerMoveRoutes(app: RouteApp, { orders, secured }: OrdersRouteOptions) {
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
}
