import { Readable } from 'node:stream';
import {
  CATALOG_IMPORT_MAX_BYTES,
  CatalogImportQuerySchema,
  CatalogImportReportSchema,
  ErrorBodySchema,
} from '@bulkwise/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors';
import type { SecuredRouteOptions } from '../../plugins/secured';
import type { CatalogService } from './catalog.service';

/** The file as the request body: CSV as sent by a browser or curl, or bytes a client did not label. */
const CSV_TYPES = [
  'text/csv',
  'application/csv',
  'text/plain',
  'application/vnd.ms-excel',
  'application/octet-stream',
];

const today = () => new Date().toISOString().slice(0, 10);

/** The owner's catalog as a spreadsheet, registered in the secured scope (plugins/secured.ts). */
export const catalogRoutes: FastifyPluginAsyncZod<{
  catalog: CatalogService;
  secured: SecuredRouteOptions;
}> = async (app, { catalog, secured }) => {
  // Only this plugin's routes take a file; everywhere else the 64 KB JSON limit stands. Fastify refuses a
  // declared Content-Length over the limit before reading, and stops a chunked body as it passes it.
  app.addContentTypeParser(
    CSV_TYPES,
    { parseAs: 'buffer', bodyLimit: CATALOG_IMPORT_MAX_BYTES },
    (_req, body, done) => done(null, body),
  );

  app.get(
    '/my-products/export.csv',
    {
      ...secured.export,
      schema: {
        tags: ['catalog'],
        description: `Every product of the caller as CSV, streamed. \`priceTiers\` is written \`100:9.50;500:9.00\`;
          \`version\` changes whenever the product does (stock included). Cells a spreadsheet would run as a
          formula start with an apostrophe, which the import removes again.`,
        produces: ['text/csv'],
      },
    },
    async (req, reply) => {
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="products-${today()}.csv"`)
        .header('cache-control', 'no-store');
      return reply.send(Readable.from(catalog.exportCsv(req.user)));
    },
  );

  app.get(
    '/my-products/import-template.csv',
    {
      ...secured.read,
      schema: {
        tags: ['catalog'],
        description: 'The import header and two example rows.',
        produces: ['text/csv'],
      },
    },
    async (_req, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="products-template.csv"')
        .send(catalog.templateCsv()),
  );

  app.post(
    '/my-products/import',
    {
      ...secured.write,
      schema: {
        tags: ['catalog'],
        description: `A CSV file of products (UTF-8, comma or semicolon, at most 15 MB) as the body. Rows match the
          caller's products by id, else by sku, else create one. \`mode=preview\` answers the report and changes
          nothing; \`mode=commit\` applies the whole file in one transaction or nothing (422 with the report on any
          row error, 409 on conflicts unless \`onConflict=overwrite\`).`,
        querystring: CatalogImportQuerySchema,
        consumes: CSV_TYPES,
        response: { 200: CatalogImportReportSchema, 409: ErrorBodySchema, 422: ErrorBodySchema },
      },
    },
    async (req) => {
      if (!Buffer.isBuffer(req.body))
        throw new AppError(
          'UNSUPPORTED_MEDIA_TYPE',
          'Send the CSV file as the request body (Content-Type: text/csv)',
        );
      return catalog.import(req.user, req.body, req.query);
    },
  );
};
