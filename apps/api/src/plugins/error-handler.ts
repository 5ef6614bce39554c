import type { ErrorBody, ErrorCode } from '@bulkwise/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, ERROR_STATUS } from '../errors';

/** Errors that mean "the database is not reachable right now": the client may retry later. */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '53300', // too_many_connections
  '08000',
  '08003',
  '08006',
]);

export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
    const message = (e as { message?: unknown }).message;
    if (
      typeof message === 'string' &&
      /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Query read timeout/i.test(
        message,
      )
    )
      return true;
  }
  return false;
}

const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'BAD_REQUEST',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'BAD_REQUEST',
  FST_ERR_CTP_INVALID_JSON_BODY: 'BAD_REQUEST',
};

function body(code: ErrorCode, message: string, requestId: string, fields?: Record<string, string>): ErrorBody {
  return { code, message, error: message, requestId, ...(fields ? { fields } : {}) };
}

/** One error shape for every failure; 5xx bodies never carry internals (they are logged with the request id). */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) {
      return reply.status(ERROR_STATUS[err.code]).send(body(err.code, err.message, req.id, err.fields));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields: Record<string, string> = {};
      for (const issue of err.validation) {
        const where = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || (err.validationContext ?? 'request');
        fields[where] ??= issue.message ?? 'is invalid';
      }
      const [first] = Object.entries(fields);
      const message = first ? `Invalid ${first[0]}: ${first[1]}` : 'Invalid request';
      return reply.status(400).send(body('VALIDATION_FAILED', message, req.id, fields));
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err }, 'response failed its schema');
      return reply.status(500).send(body('INTERNAL', 'Internal server error', req.id));
    }
    if (isDatabaseUnavailable(err)) {
      req.log.error({ err }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', '5')
        .send(body('SERVICE_UNAVAILABLE', 'The service is temporarily unavailable. Please try again shortly.', req.id));
    }
    const status = err.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send(body('RATE_LIMITED', 'Too many requests. Please slow down and try again.', req.id));
    }
    if (status >= 400 && status < 500) {
      const code = FASTIFY_CODES[err.code] ?? (status === 404 ? 'NOT_FOUND' : status === 413 ? 'PAYLOAD_TOO_LARGE' : status === 415 ? 'UNSUPPORTED_MEDIA_TYPE' : 'BAD_REQUEST');
      const message = code === 'PAYLOAD_TOO_LARGE' ? 'Request body is too large' : err.message;
      return reply.status(ERROR_STATUS[code] === 400 ? status : ERROR_STATUS[code]).send(body(code, message, req.id));
    }
    req.log.error({ err }, 'unhandled error');
    return reply.status(500).send(body('INTERNAL', 'Internal server error', req.id));
  });

  app.setNotFoundHandler((req, reply) => {
    reply.status(404).send(body('NOT_FOUND', `Route ${req.method} ${req.url.split('?')[0]} not found`, req.id));
  });
});
