import {
  IDEMPOTENCY_KEY_HEADER,
  IdParamsSchema,
  IdempotencyKeyHeadersSchema,
  PurchaseBodySchema,
  PurchaseResultSchema,
} from '@bulkwise/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SecuredRouteOptions } from '../../plugins/secured';
import type { PurchasesService } from './purchases.service';

export const purchasesRoutes: FastifyPluginAsyncZod<{
  purchases: PurchasesService;
  secured: SecuredRouteOptions;
}> = async (app, { purchases, secured }) => {
  app.post(
    '/products/purchase/:id',
    {
      ...secured.write,
      schema: {
        tags: ['purchases'],
        description:
          'Buys `quantity` units in one transaction, at the unit price of the price break in force for that quantity ' +
          '(answered as `unitPrice` and `total`). With `expectedUnitPrice`, a different server price answers 409 ' +
          'PRICE_CHANGED with the current `unitPrice` and buys nothing. Retry safely with an Idempotency-Key header.',
        params: IdParamsSchema,
        headers: IdempotencyKeyHeadersSchema,
        body: PurchaseBodySchema,
        response: { 200: PurchaseResultSchema },
      },
    },
    async (req) => purchases.purchase(req.user, req.params.id, req.body, req.headers[IDEMPOTENCY_KEY_HEADER]),
  );
};
