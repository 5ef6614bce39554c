import {
  IDEMPOTENCY_KEY_HEADER,
  IdParamsSchema,
  InvoiceListQuerySchema,
  InvoicePageSchema,
  InvoiceSchema,
  PaymentBodySchema,
  RemittanceBodySchema,
  RemittanceResultSchema,
} from '@bulkwise/contracts';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SecuredRouteOptions } from '../../plugins/secured';
import { invoicePdf } from './documents.pdf';
import type { InvoicesService } from './invoices.service';

const PARTIES = "Only the invoice's buyer and supplier: 404 for anyone else.";

const KeyHeadersSchema = z.object({
  [IDEMPOTENCY_KEY_HEADER]: z
    .string()
    .min(8, 'Idempotency-Key must be 8 to 100 characters')
    .max(100, 'Idempotency-Key must be 8 to 100 characters')
    .optional(),
});

export const invoicesRoutes: FastifyPluginAsyncZod<{
  invoices: InvoicesService;
  secured: SecuredRouteOptions;
}> = async (app, { invoices, secured }) => {
  const tags = ['invoices'];
  app.get(
    '/invoices',
    {
      ...secured.read,
      schema: {
        tags,
        description:
          'Invoices the caller received (`as=buyer`) or issued (`as=supplier`), newest first; `status` filters by the ' +
          'derived status. Keyset paging: pass `nextCursor` back as `cursor`.',
        querystring: InvoiceListQuerySchema,
        response: { 200: InvoicePageSchema },
      },
    },
    async (req) => invoices.list(req.user, req.query),
  );
  app.get(
    '/invoices/:id.pdf',
    {
      ...secured.read,
      schema: {
        tags,
        description: `The invoice PDF, rendered from its snapshot. ${PARTIES}`,
        params: IdParamsSchema,
        produces: ['application/pdf'],
      },
    },
    async (req, reply) => {
      const invoice = await invoices.get(req.user, req.params.id);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="invoice-${invoice.number}.pdf"`)
        .header('cache-control', 'no-store')
        .send(await invoicePdf(invoice.snapshot, invoice.creditNote));
    },
  );
  app.get(
    '/invoices/:id',
    {
      ...secured.read,
      schema: { tags, description: PARTIES, params: IdParamsSchema, response: { 200: InvoiceSchema } },
    },
    async (req) => invoices.get(req.user, req.params.id),
  );
  app.post(
    '/invoices/:id/payments',
    {
      ...secured.write,
      schema: {
        tags,
        description:
          `The supplier records a payment; partial payments add up, more than the balance is 409. Retry safely with an ` +
          `Idempotency-Key. ${PARTIES} 403 for the buyer.`,
        params: IdParamsSchema,
        headers: KeyHeadersSchema,
        body: PaymentBodySchema,
        response: { 200: InvoiceSchema },
      },
    },
    async (req) =>
      invoices.recordPayment(req.user, req.params.id, req.body, req.headers[IDEMPOTENCY_KEY_HEADER]),
  );
  app.post(
    '/invoices/:id/remittance',
    {
      ...secured.write,
      schema: {
        tags,
        description: `The buyer's remittance advice: the supplier is emailed; no balance changes. ${PARTIES} 403 for the supplier.`,
        params: IdParamsSchema,
        body: RemittanceBodySchema,
        response: { 202: RemittanceResultSchema },
      },
    },
    async (req, reply) => {
      await invoices.remit(req.user, req.params.id, req.body);
      return reply.status(202).send({ received: true as const });
    },
  );
};
