import {
  CartItemListSchema,
  CartQuerySchema,
  CartRemoveBodySchema,
  CartRemoveResultSchema,
  IdParamsSchema,
} from '@bulkwise/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SecuredRouteOptions } from '../../plugins/secured';
import type { OrdersService } from './orders.service';

/** My Cart is the buyer's view of their orders. */
export const cartRoutes: FastifyPluginAsyncZod<{
  orders: OrdersService;
  secured: SecuredRouteOptions;
}> = async (app, { orders, secured }) => {
  app.get(
    '/cart',
    {
      ...secured.read,
      schema: {
        tags: ['purchases'],
        description: `The caller's orders as a buyer, newest first: without \`status\` every one that is not
          cancelled; \`status=all\` includes the cancelled ones. \`email\`, when sent, must be the caller's.`,
        querystring: CartQuerySchema,
        response: { 200: CartItemListSchema },
      },
    },
    async (req) => orders.cart(req.user, req.query.email, req.query.status),
  );

  app.delete(
    '/cart/:id',
    {
      ...secured.write,
      schema: {
        tags: ['purchases'],
        description: `Cancels the caller's order while it is placed and restores its stored quantity to stock,
          once (404 when it was already removed). An order the supplier confirmed or shipped answers 409.
          The body is ignored.`,
        params: IdParamsSchema,
        body: CartRemoveBodySchema,
        response: { 200: CartRemoveResultSchema },
      },
    },
    async (req) => orders.removeFromCart(req.user, req.params.id),
  );
};
