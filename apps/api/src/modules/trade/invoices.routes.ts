import {
  IDEMPOTENCY_KEY_HEADER,
  INVOICE_PAGE_DEFAULT_LIMIT,
  IdParamsSchema,
  IdempotencyKeyHeadersSchema,
  InvoiceListQuerySchema,
  InvoicePageSchema,
  InvoiceSchema,
  PaymentBodySchema,
  RemittanceBodySchema,
  RemittanceResultSchema,
} from '@bulkwise/contracts';
import { sendJson } from '../../lib/cache/http';
import type { SecuredRouteOptions } from '../../plugins/secured';
import { invoicePdf } from './documents.pdf';
import type { InvoicesReadCache } from './invoices.cache';
import type { InvoicesService } from './invoices.service';
import { PDF_TYPE, attachment } from '../../lib/http/attachment';
import { okSerializer, routeGroups, type RouteApp } from '../../lib/http/routes';

const PARTIES = "Only the invoice's buyer and supplier: 404 for anyone else.";

/** A page as the route's response schema writes it, for the pages kept serialised. */
const serializePage = okSerializer('/invoices', InvoicePageSchema);

interface InvoicesRouteOptions {
  invoices: InvoicesService;
  reads: InvoicesReadCache;
  secured: SecuredRouteOptions;
}
const tags = ['invoices'];

/**
 * A party's first pages (per side, status, limit and day) answer from memory, serialised once, until a
 * change to that party's invoices drops them (invoices.cache.ts); later pages (`cursor`) are read each time.
 * The day is in the key because "overdue" is derived from it: the next day reads afresh.
 */
export const invoicesRoutes = routeGroups(registerReadRoutes, registerSettlementRoutes);

/** A party's pages, one invoice and its PDF. */
function registerReadRoutes(app: RouteApp, { invoices, reads, secured }: InvoicesRouteOptions) {
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
    async (req, reply) => {
      const { user, query } = req;
      const today = invoices.today();
      const load = async () => ({ body: serializePage(await invoices.list(user, query, today)) });
      const limit = query.limit ?? INVOICE_PAGE_DEFAULT_LIMIT;
      const key = JSON.stringify(['page', user.uid, query.as, query.status ?? null, limit, today]);
      return sendJson(req, reply, await reads.page(query.cursor, key, user.uid, load));
    },
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
      return attachment(reply, PDF_TYPE, `invoice-${invoice.number}.pdf`).send(
        await invoicePdf(invoice.snapshot, invoice.creditNote),
      );
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
}

/** The supplier's payments and the buyer's remittance advice. */
function registerSettlementRoutes(app: RouteApp, { invoices, secured }: InvoicesRouteOptions) {
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
        headers: IdempotencyKeyHeadersSchema,
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
}
