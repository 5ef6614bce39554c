import type { FastifyReply } from 'fastify';

export const CSV_TYPE = 'text/csv; charset=utf-8';
export const PDF_TYPE = 'application/pdf';

/**
 * Readies `reply` for a download of the caller's own data: its type, saved as `filename`, never stored by
 * a cache. Returns the reply, to `send` the body (bytes, a string or a stream).
 */
export const attachment = (reply: FastifyReply, type: string, filename: string) =>
  reply
    .type(type)
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store');
