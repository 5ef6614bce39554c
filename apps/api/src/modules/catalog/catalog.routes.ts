import { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import {
  CATALOG_IMPORT_MAX_BYTES,
  CATALOG_MESSAGES,
  CatalogImportQuerySchema,
  CatalogImportReportSchema,
  ErrorBodySchema,
} from '@bulkwise/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors';
import type { SecuredRouteOptions } from '../../plugins/secured';
import type { CatalogService } from './catalog.service';
import { CSV_TYPE, attachment } from '../../lib/http/attachment';
import type { RouteApp } from '../../lib/http/routes';

/** The file as the request body: CSV as sent by a browser or curl, or bytes a client did not label. */
const CSV_TYPES = [
  'text/csv',
  'application/csv',
  'text/plain',
  'application/vnd.ms-excel',
  'application/octet-stream',
];

/** Room for the multipart boundaries and part headers around the file itself. */
const MULTIPART_OVERHEAD = 64 * 1024;

const today = () => new Date().toISOString().slice(0, 10);

/** The caller's products as CSV, and the import's template. */
function exportRoutes(app: RouteApp, catalog: CatalogService, secured: SecuredRouteOptions) {
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
      return attachment(reply, CSV_TYPE, `products-${today()}.csv`).send(
        Readable.from(catalog.exportCsv(req.user)),
      );
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
        .type(CSV_TYPE)
        .header('content-disposition', 'attachment; filename="products-template.csv"')
        .send(catalog.templateCsv()),
  );
}

function importRoute(app: RouteApp, catalog: CatalogService, secured: SecuredRouteOptions) {
  app.post(
    '/my-products/import',
    {
      ...secured.write,
      // A multipart body is streamed, not buffered by Fastify: a declared length past the limit is refused
      // before a byte is read (a CSV body's limit is Fastify's own bodyLimit).
      onRequest: async (req) => {
        if (
          req.headers['content-type']?.startsWith('multipart/') &&
          Number(req.headers['content-length'] ?? 0) > CATALOG_IMPORT_MAX_BYTES + MULTIPART_OVERHEAD
        ) {
          throw new AppError('PAYLOAD_TOO_LARGE', CATALOG_MESSAGES.tooLarge);
        }
      },
      schema: {
        tags: ['catalog'],
        description: `A CSV file of products (UTF-8, comma or semicolon, at most 15 MB) as the body, or as
          the one file of a \`multipart/form-data\` form. Rows match the
          caller's products by id, else by sku, else create one. \`mode=preview\` answers the report and changes
          nothing; \`mode=commit\` applies the whole file in one transaction or nothing (422 with the report on any
          row error, 409 on conflicts unless \`onConflict=overwrite\`).`,
        querystring: CatalogImportQuerySchema,
        consumes: [...CSV_TYPES, 'multipart/form-data'],
        response: { 200: CatalogImportReportSchema, 409: ErrorBodySchema, 422: ErrorBodySchema },
      },
    },
    async (req) => {
      if (req.isMultipart()) return catalog.import(req.user, await multipartFile(req), req.query);
      if (!Buffer.isBuffer(req.body))
        throw new AppError(
          'UNSUPPORTED_MEDIA_TYPE',
          'Send the CSV file as the request body (Content-Type: text/csv)',
        );
      return catalog.import(req.user, req.body, req.query);
    },
  );
}

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
  // Or as a form's one file (multipart/form-data), read up to the same limit and no further.
  await app.register(multipart, {
    limits: { files: 1, fileSize: CATALOG_IMPORT_MAX_BYTES, fields: 0, parts: 1, fieldNameSize: 100 },
  });
  exportRoutes(app, catalog, secured);
  importRoute(app, catalog, secured);
};

/** The one file of a multipart import, in memory (at most 15 MB: the stream stops at the limit, 413). */
async function multipartFile(req: FastifyRequest): Promise<Buffer> {
  const file = await req.file();
  if (!file) throw new AppError('BAD_REQUEST', 'Attach the CSV file to the form');
  try {
    return await file.toBuffer();
  } catch (err) {
    if ((err as { statusCode?: number }).statusCode === 413) {
      throw new AppError('PAYLOAD_TOO_LARGE', CATALOG_MESSAGES.tooLarge);
    }
    throw err;
  }
}
